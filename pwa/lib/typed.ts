/**
 * Whether anything in `root` was typed or chosen since its form was drawn (a field whose value differs from the one it
 * started with, a file picked): a screen then does not navigate away on its own, which would throw that away.
 * Read from the fields themselves, so it holds for every form on the screen without each one reporting in.
 */
export function hasTyped(root: ParentNode | null | undefined): boolean {
  if (!root) return false;
  for (const field of root.querySelectorAll('input, textarea, select')) {
    if (field instanceof HTMLTextAreaElement && field.value !== field.defaultValue) return true;
    if (field instanceof HTMLSelectElement && field.selectedIndex !== startIndex(field)) return true;
    if (field instanceof HTMLInputElement && inputChanged(field)) return true;
  }
  return false;
}

const NOT_TYPED = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

function inputChanged(input: HTMLInputElement): boolean {
  if (NOT_TYPED.has(input.type)) return false;
  if (input.type === 'checkbox' || input.type === 'radio') return input.checked !== input.defaultChecked;
  if (input.type === 'file') return (input.files?.length ?? 0) > 0;
  return input.value !== input.defaultValue;
}

/** The option a select starts on: the one marked selected, or the first. */
function startIndex(select: HTMLSelectElement): number {
  const marked = Array.from(select.options).findIndex((option) => option.defaultSelected);
  return marked === -1 ? (select.options.length > 0 && !select.multiple ? 0 : -1) : marked;
}
