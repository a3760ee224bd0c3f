import { whenSignedOut } from '../offline/session.ts';

/**
 * What was typed and not sent, kept in memory by key while the user looks elsewhere (another tab, another chat): a
 * screen's form goes when it closes, and opened again it was empty, photos and all. In memory only (files cannot go
 * into storage); its screen drops a draft once it is sent or discarded, and all go when the page forgets its user (a
 * sign-out).
 */
export function draftsInMemory<T>(): { get(key: string): T | undefined; set(key: string, draft: T): void; drop(key: string): void } {
  const drafts = new Map<string, T>();
  whenSignedOut(() => drafts.clear());
  return {
    get: (key) => drafts.get(key),
    set: (key, draft) => void drafts.set(key, draft),
    drop: (key) => void drafts.delete(key),
  };
}

/** A form's text fields as they are now, by name (its files are the screen's to keep: FormData's cannot be read back). */
export function typedValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form).entries()) if (typeof value === 'string') values[name] = value;
  return values;
}

/**
 * `typedValues` but for what still holds the page's own default (the account's name filled in, the last booking's phone)
 * or a value the page set by itself (`data-followed`: New Booking's times following its days): a draft put back later
 * fills only what the user changed, into a form as it came, so a default that changed meanwhile (a name changed under My
 * Account) shows as it is now, not as it was when the draft was kept.
 */
export function changedValues(form: HTMLFormElement): Record<string, string> {
  const values = typedValues(form);
  for (const [name, value] of Object.entries(values)) {
    const element = form.elements.namedItem(name);
    if (isField(element) && (value === defaultOf(element) || value === element.dataset['followed'])) delete values[name];
  }
  return values;
}

/** A form control that holds text (FormData's value for its name). */
export function isField(element: unknown): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/** What a control held as the page made it (its default): a draft goes only into a field nobody has touched since. */
export function defaultOf(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string {
  if (!(element instanceof HTMLSelectElement)) return element.defaultValue;
  const options = [...element.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
}
