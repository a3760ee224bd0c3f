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
