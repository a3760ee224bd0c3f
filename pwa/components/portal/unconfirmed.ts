import { inTime } from '../../lib/in-time.ts';
import { askGone } from '../../offline/gone-accounts.ts';

/**
 * Whether the account is gone (askGone): after a deletion whose answer was lost this is what happened; 'unknown' when
 * the question got no answer either, in the time a person waits on a button.
 */
export async function accountGone(id: string): Promise<boolean | 'unknown'> {
  const gone = await inTime((signal) => askGone([id], signal));
  return gone === null ? 'unknown' : gone.has(id);
}

const UNCONFIRMED_KEY = 'passwordChangeUnconfirmed';

/**
 * Notes, for this tab, that a password change got no answer (or that it was settled). The admin's dashboard goes back
 * to its sign-in form when its pull finds the session gone, as the change leaves it, taking the form that said so with
 * it: the sign-in form then says it (AdminLogin).
 */
export function notePasswordChangeUnconfirmed(unconfirmed: boolean): void {
  try {
    if (unconfirmed) sessionStorage.setItem(UNCONFIRMED_KEY, '1');
    else sessionStorage.removeItem(UNCONFIRMED_KEY);
  } catch {
    // Storage blocked: the form says it while it is on screen.
  }
}

/** Whether a password change in this tab got no answer and nothing has settled it since. */
export function passwordChangeUnconfirmed(): boolean {
  try {
    return sessionStorage.getItem(UNCONFIRMED_KEY) === '1';
  } catch {
    return false;
  }
}
