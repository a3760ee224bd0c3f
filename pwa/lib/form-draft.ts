import { signedInUser, whenSignedOut } from '../offline/session.ts';

/**
 * What was typed into a form and not sent yet, kept for the tab (sessionStorage) under the form's name: a reload (the
 * site's Reload for a new version, a phone that dropped the page while the camera was open, a pull-to-refresh) or a
 * look at another page of the site and back emptied it, a long description of the job with it. Only the form's own text
 * fields (never a password, never files); gone once it is sent, and every draft goes when the page forgets its user.
 * Kept with whose it is: a tab opened again after its user signed out elsewhere does not show the next person their words.
 */
const PREFIX = 'sparkright-draft:';

type Kept = { owner: string | null; values: Record<string, string> };

/** Keeps `values` as the draft of form `name` (dropped instead when nothing differs from the form as it came). */
export function storeDraft(name: string, values: Record<string, string>, typed: boolean): void {
  try {
    if (!typed) sessionStorage.removeItem(PREFIX + name);
    else sessionStorage.setItem(PREFIX + name, JSON.stringify({ owner: signedInUser()?.id ?? null, values } satisfies Kept));
  } catch {
    // Storage full or blocked: the form still works, it just keeps nothing across a reload.
  }
}

/** The draft of form `name`, when there is one and it was typed by whoever is signed in here now (or by nobody, as now). */
export function storedDraft(name: string): Record<string, string> | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(PREFIX + name) ?? 'null') as Kept | null;
    if (!kept || typeof kept.values !== 'object' || kept.values === null) return null;
    return kept.owner === (signedInUser()?.id ?? null) ? kept.values : null;
  } catch {
    return null;
  }
}

/** Forgets the draft of form `name` (it was sent). */
export function dropStoredDraft(name: string): void {
  try {
    sessionStorage.removeItem(PREFIX + name);
  } catch {
    // ignore
  }
}

/** Every form's draft, when the page forgets its user (a sign-out here or in another tab). */
function dropAll(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // ignore
  }
}

if (typeof window !== 'undefined') whenSignedOut(dropAll);
