import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { hasTyped } from './typed.ts';

/**
 * Escape on a form opened in place (a job's notes or dates, a quote's Edit, Add Manual Booking; the customer's Change
 * dates) closes it as its Cancel
 * does; `close` is that Cancel, which puts the focus back on the button that opened the form. What was typed is never
 * thrown away unasked, though: a stray Escape on a tablet's keyboard cost a whole job's details. When a field differs
 * from what the form opened with (or `changed()` says so: files picked), Escape keeps the form and sets `asking`; the
 * form then shows its question (components/ui/DiscardQuestion) with `discard` and `keep`. Escape while it asks is Keep
 * editing, which puts the focus back where it was. An Escape meant for an open list (a select's or date field's picker,
 * an expanded combobox) is left to it. Put `onKeyDown` on the element holding the form and its Cancel.
 */
export function useEscapeToClose(close: () => void, changed?: () => boolean) {
  const [asking, setAsking] = useState(false);
  const back = useRef<HTMLElement | null>(null);
  const keep = () => {
    setAsking(false);
    back.current?.focus();
    back.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || pickerOpen(event.target)) return;
    event.preventDefault();
    if (asking) return keep();
    // Files are the form's to say (`changed`): its own list of them, not the picker's last choice.
    if (!hasTyped(event.currentTarget, { files: false }) && !changed?.()) return close();
    back.current = event.target instanceof HTMLElement ? event.target : null;
    setAsking(true);
  };
  /** The form's own Cancel: closes it, but asks first as Escape does when something would be thrown away. */
  const cancel = (from: HTMLElement | null, root: ParentNode | null) => {
    if (asking) return;
    if (!hasTyped(root, { files: false }) && !changed?.()) return close();
    back.current = from;
    setAsking(true);
  };
  return { asking, keep, discard: close, onKeyDown, cancel };
}

/** Whether the Escape's target has a list or picker open, which Escape closes first. */
function pickerOpen(target: EventTarget): boolean {
  if (!(target instanceof Element)) return false;
  if (target.getAttribute('aria-expanded') === 'true') return true;
  try {
    return target.matches(':open');
  } catch {
    // A browser without the :open selector throws on it.
    return false;
  }
}
