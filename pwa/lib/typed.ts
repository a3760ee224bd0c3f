/**
 * Whether anything in `root` was typed or chosen since its form was drawn: a field whose value differs from the one it
 * was drawn with (React's defaultValue is the field's default), and, unless `files` is false, a file picked. A screen
 * then does not navigate away on its own, and a form's Escape asks before closing (escape-close.ts), as either would
 * throw that away. Read from the fields themselves, so it holds for every form under `root` without each one reporting in.
 */
export function hasTyped(root: ParentNode | null | undefined, { files = true }: { files?: boolean } = {}): boolean {
  if (!root) return false;
  for (const field of root.querySelectorAll('input, textarea, select')) {
    if (field instanceof HTMLTextAreaElement && field.value !== field.defaultValue) return true;
    if (field instanceof HTMLSelectElement && selectChanged(field)) return true;
    if (field instanceof HTMLInputElement && inputChanged(field, files)) return true;
  }
  return false;
}

const NOT_TYPED = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

function inputChanged(input: HTMLInputElement, files: boolean): boolean {
  if (NOT_TYPED.has(input.type)) return false;
  if (input.type === 'checkbox' || input.type === 'radio') return input.checked !== input.defaultChecked;
  if (input.type === 'file') return files && (input.files?.length ?? 0) > 0;
  return input.value !== input.defaultValue;
}

/** Whether a select's chosen options differ from its defaults: those marked selected, or else the first one. */
function selectChanged(select: HTMLSelectElement): boolean {
  const options = Array.from(select.options);
  const defaults = options.some((option) => option.defaultSelected) ? options.map((option) => option.defaultSelected) : options.map((_, i) => i === 0);
  return options.some((option, i) => option.selected !== defaults[i]);
}
