import { onSignedIn, signedInUser, whenSignedOut, type Forgotten } from '../offline/session.ts';

/**
 * What was typed into a form and not sent yet, kept for the tab (sessionStorage) under the form's name: a reload (the
 * site's Reload for a new version, a phone that dropped the page while the camera was open, a pull-to-refresh) or a
 * look at another page of the site and back emptied it, a long description of the job with it. Only the form's own text
 * fields (never a password, never files); gone once it is sent, and every draft goes when the page forgets its user
 * (the admin's kept for them when their session ends by itself: dropOnSignOut).
 * Kept with whose it is: a tab opened again after its user signed out elsewhere does not show the next person their words.
 *
 * The admin's drafts (a job taken on the phone, a reply to a customer) are kept on the device instead (localStorage):
 * a tablet closes an app left in the background at will, and the tab's storage went with it, the job with it. The device
 * holds the business's records for the admin already (the copy in IndexedDB), and gives up both at the sign-out.
 */
const PREFIX = 'sparkright-draft:';

type Kept = { owner: string | null; values: Record<string, string> };

/** Where a draft typed by whoever is signed in now is kept: the device for the admin, the tab for anyone else. */
function keptIn(): Storage {
  return signedInUser()?.isAdmin ? localStorage : sessionStorage;
}

/** Keeps `values` as the draft of form `name` (dropped instead when nothing differs from the form as it came). */
export function storeDraft(name: string, values: Record<string, string>, typed: boolean): void {
  try {
    dropStoredDraft(name);
    if (typed) keptIn().setItem(PREFIX + name, JSON.stringify({ owner: signedInUser()?.id ?? null, values } satisfies Kept));
  } catch {
    // Storage full or blocked: the form still works, it just keeps nothing across a reload.
  }
}

/** The draft of form `name`, when there is one and it was typed by whoever is signed in here now (or by nobody, as now). */
export function storedDraft(name: string): Record<string, string> | null {
  try {
    const kept = JSON.parse(keptIn().getItem(PREFIX + name) ?? 'null') as Kept | null;
    if (!kept || typeof kept.values !== 'object' || kept.values === null) return null;
    return kept.owner === (signedInUser()?.id ?? null) ? kept.values : null;
  } catch {
    return null;
  }
}

/** Forgets the draft of form `name` (it was sent). */
export function dropStoredDraft(name: string): void {
  for (const store of storages()) {
    try {
      store.removeItem(PREFIX + name);
    } catch {
      // ignore
    }
  }
}

/**
 * The drafts that go when the page forgets its user (here or in another tab): every one at a sign-out; only the tab's
 * own when the admin's session ended by itself, the device's kept for their next sign-in (a job typed from a phone call
 * was lost with a session that ran out as it was typed).
 */
function dropOnSignOut(why: Forgotten): void {
  dropWhere((store) => why === 'signed-out' || store !== localStorageOrNull());
}

/** The device's drafts of anyone but the user just signed in (an ended admin's, once someone else signs in here). */
function dropOthers(): void {
  const owner = signedInUser()?.id ?? null;
  dropWhere((store, kept) => store === localStorageOrNull() && kept.owner !== owner);
}

/** Drops the drafts for which `drop` says so. */
function dropWhere(drop: (store: Storage, kept: Kept) => boolean): void {
  for (const store of storages()) {
    try {
      for (const key of Object.keys(store)) {
        if (!key.startsWith(PREFIX)) continue;
        let kept: Kept;
        try {
          kept = JSON.parse(store.getItem(key) ?? 'null') as Kept;
        } catch {
          kept = { owner: null, values: {} };
        }
        if (drop(store, kept ?? { owner: null, values: {} })) store.removeItem(key);
      }
    } catch {
      // ignore
    }
  }
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Both places a draft may be, those the browser lets the page use (reading `localStorage` throws where it is blocked). */
function storages(): Storage[] {
  const found: Storage[] = [];
  for (const name of ['sessionStorage', 'localStorage'] as const) {
    try {
      found.push(window[name]);
    } catch {
      // blocked
    }
  }
  return found;
}

if (typeof window !== 'undefined') {
  whenSignedOut(dropOnSignOut);
  onSignedIn(dropOthers);
}
