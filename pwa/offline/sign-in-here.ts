/**
 * A sign-in the open page offers in place. The customer portal, while its user's sign-in has ended, registers its own
 * dialog here, so the outbox's "Please sign in again" toast opens that instead of going to /customer-auth (which
 * would throw away a half-typed booking or message). Kept apart from the dialog's code: the toast is on every page,
 * and the marketing pages must not load the sign-in form with it.
 */
export function offerSignInHere(open: () => void): () => void {
  here = open;
  return () => {
    if (here === open) here = null;
  };
}

/** Opens the page's own sign-in when it has one; false when it has none (the caller then goes to the sign-in page). */
export function signInHere(): boolean {
  if (!here) return false;
  here();
  return true;
}

let here: (() => void) | null = null;
