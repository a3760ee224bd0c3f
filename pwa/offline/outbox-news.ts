import { navigateTo } from '../islands/links.ts';
import { notAcceptedWords } from '../lib/sentence.ts';
import { toast } from '../lib/toast.ts';
import type { SentItem } from './sent-toasts.ts';
import { signInHere } from './sign-in-here.ts';
import { SIGN_IN_NEEDED } from './start.ts';

// What the outbox tells the user wherever they are on the site (offline/start.ts), in words: loaded when there is news,
// not with every page (the home page's code is counted to the last hundred bytes: issue 14).

/**
 * The server no longer knows the session that queued changes belong to: they wait, and the toast's Sign in opens the
 * page's own sign-in where it has one (the customer portal's dialog, which keeps what was typed: sign-in-here.ts), else
 * goes to /customer-auth (on /admin the dashboard shows its own sign-in form, so no button there). start.ts has marked
 * the device's user as ended, so an open portal says so in its header (with its own Sign in).
 */
export function askToSignIn(): void {
  const onAdmin = window.location.pathname.startsWith('/admin');
  const signIn = () => {
    if (!signInHere()) navigateTo('/customer-auth');
  };
  void toast.info(
    'Please sign in again',
    'Your changes are kept on this device and go once you have signed in.',
    onAdmin ? { once: SIGN_IN_NEEDED } : { once: SIGN_IN_NEEDED, action: { label: 'Sign in', more: 'again to send what waits', onClick: signIn } },
  );
}

/**
 * Items of a deleted account were dropped unsent (gone-accounts.ts). Counted, not named: whoever holds the device now
 * may not be the person whose words they were.
 */
export function toldDropped(count: number): void {
  const things = count === 1 ? '1 thing kept on this device was not sent: its account has been deleted.' : `${count} things kept on this device were not sent: their account has been deleted.`;
  void toast.info('Not sent', things);
}

/** One toast for what the server refused together: the item's own words and the server's reason for one, a count for several. */
export function toastRefused(items: readonly { label: string; message: string }[]): void {
  if (items.length === 1) void toast.error('Not accepted', notAcceptedWords(items[0]!.label, items[0]!.message));
  else if (items.length > 1) void toast.error('Not accepted', `${items.length} things you saved on this device were not accepted. Open “Waiting to send” to see why, and to edit or discard each.`);
}

/** One toast for what went through together (gatherSent): the item's own words for one, a count for several. */
export function toastSent(items: readonly SentItem[]): void {
  if (items.length === 1) void toast.success('Sent', `${items[0]!.label} — it has reached us.`);
  else if (items.length > 1) void toast.success('Sent', `${items.length} things you saved on this device have reached us.`);
}
