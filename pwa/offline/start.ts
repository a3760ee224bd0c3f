import { ANSWER_WITHIN_MS } from '../lib/in-time.ts';
import { toast } from '../lib/toast.ts';
import { currentCounts } from './page-state.ts';
import type { DrainResult } from './sender.ts';
import { gatherSent, type SentItem } from './sent-toasts.ts';
import { cachedUser, forgetUser, markSignInEnded, onSignedIn, signedInSince } from './session.ts';
import { finishSignOut, signOutKept } from './sign-out-pending.ts';
import { onOutboxEvent, reportReachable, wasAnswered } from './signals.ts';

/**
 * Keeps the outbox moving from every page, without loading it (and Dexie) until there is something in it:
 * at start, when the connection comes back and when the page is shown again, it sends what waits; while
 * items wait, a timer tries again after their back-off. It also tells the user when an item went through or
 * was refused, wherever they are on the site. Call once, from the app's root.
 */
export function startOutbox(): () => void {
  const kick = (force: boolean, queue = false) => {
    if (currentCounts().waiting > 0) void runDrain(force, queue);
  };
  // The connection is back: what waits starts its tries afresh (sender.ts triedAfresh), and if another sender holds the
  // outbox (a tab, or the service worker's Background Sync, which may have begun while the link was still down and be
  // waiting out a call), it is sent after that one, not never.
  const online = () => {
    endKeptSignOut();
    if (currentCounts().waiting === 0) return;
    void import('./sender.ts')
      .then((sender) => sender.triedAfresh())
      .catch(() => undefined)
      .then(() => runDrain(true, true));
  };
  const visible = () => {
    if (document.visibilityState === 'visible') kick(false);
  };
  window.addEventListener('online', online);
  document.addEventListener('visibilitychange', visible);
  // Signed in (again): what waited for it goes now, whatever back-off the refused tries ran up meanwhile, and the toast
  // that asked for the sign-in goes (it stayed its 8 s beside "Login Successful", its Sign in over the dialog's own).
  const stopSignIn = onSignedIn(() => {
    toast.dismiss(SIGN_IN_NEEDED);
    kick(true, true);
  });
  const sent = gatherSent<SentItem>((items) => tell((news) => news.toastSent(items)));
  // Refusals the same way: coming back online, a tablet showed four "Not accepted" toasts and a "Sent" in half a second.
  // Gathered over a longer quiet: each refusal is written to the device before the next is told, and on a busy tablet
  // two of one batch came more than 300 ms apart, as two toasts. A refusal told a second later loses nothing.
  const refused = gatherSent<{ label: string; message: string }>((items) => tell((news) => news.toastRefused(items)), { quietMs: 1_000 });
  const stop = onOutboxEvent((event) => {
    // Another sender (a tab, the service worker) got an answer: the server can be reached, whatever this page last saw.
    if (event.type === 'sent' || event.type === 'refused') reportReachable(true);
    if (event.type === 'changed') void import('./outbox.ts').then((outbox) => outbox.recount());
    else if (event.type === 'released') kick(false);
    else if (event.type === 'sent') sent.add(event.items.filter((item) => !wasAnswered(item.id)));
    else if (event.type === 'refused' && !wasAnswered(event.id)) refused.add([{ label: event.label, message: event.message }]);
    else if (event.type === 'sign-in-needed') {
      // Marked here, whatever becomes of the toast: an open portal says in its header that the sign-in has ended. Only
      // for the account whose items wait: someone who signed in meanwhile (the drain began before) has not ended.
      // Nor for a sign-in made after the drain asked (its 401s were for the session before it).
      const known = cachedUser();
      if (known === null || (event.accounts.includes(known.id) && signedInSince() <= event.askedAt)) {
        if (known) markSignInEnded();
        tell((news) => news.askToSignIn());
      }
    } else if (event.type === 'dropped') {
      // Items of a deleted account dropped unsent (gone-accounts.ts). When it is the account this device knew as
      // signed in, it is forgotten: its portal, which would offer a sign-in that can never work, goes to the sign-in page.
      const known = cachedUser();
      if (known && event.accounts.includes(known.id)) forgetUser();
      tell((news) => news.toldDropped(event.count));
    }
  });
  const first = setTimeout(() => {
    kick(true);
    endKeptSignOut();
  }, 0);
  return () => {
    clearTimeout(first);
    if (timer) clearTimeout(timer);
    window.removeEventListener('online', online);
    document.removeEventListener('visibilitychange', visible);
    stopSignIn();
    stop();
    sent.flush();
    refused.flush();
  };
}

/** The id of the toast that asks for a sign-in: one at a time, taken away once the sign-in is made. */
export const SIGN_IN_NEEDED = 'sign-in-needed';

/** The outbox's news in words (outbox-news.ts), loaded when there is some; none is told if its code cannot come. */
function tell(show: (news: typeof import('./outbox-news.ts')) => void): void {
  import('./outbox-news.ts').then(show, () => undefined);
}

/**
 * After a drain in this page: while items still wait, try again when the first is due, and ask the service
 * worker's Background Sync (where the browser has it) to send them once the device is back online, even
 * if no page of the site is open then.
 */
export async function afterDrain(result: DrainResult): Promise<void> {
  const { nextDue } = await import('./sender.ts');
  const due = await nextDue();
  scheduleDrain(due);
  if (result === 'stopped' && due !== null) keepUntilSent();
}

/** Tries again when the first waiting item is due (after a failed attempt's back-off). */
export function scheduleDrain(due: number | null): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (due === null) return;
  timer = setTimeout(() => void runDrain(false), Math.max(250, due - Date.now()));
}

/**
 * A sign-out the server has not heard yet (made with no signal, or the tab closed before its answer): sent as soon as
 * the device can reach the server, from whatever page is open, as Logout's toast promised; not only when a portal next
 * asks who is signed in. And the copy the tab may have closed on before wiping it (mirror.ts wipeLeftCopy) goes first.
 */
function endKeptSignOut(): void {
  if (!signOutKept()) return;
  void import('./mirror.ts')
    .then((mirror) => mirror.wipeLeftCopy())
    .catch(() => undefined);
  void finishSignOut(AbortSignal.timeout(ANSWER_WITHIN_MS));
}

let timer: ReturnType<typeof setTimeout> | undefined;

async function runDrain(force: boolean, queue = false): Promise<void> {
  const { drain } = await import('./sender.ts');
  await afterDrain(await drain({ force, queue }));
}

/**
 * Something waits on this device to be sent: asks the service worker's Background Sync (where the browser has it) to
 * send it once the device is online, even with no page of the site open, and asks the browser once a page to keep the
 * site's data (keepSiteData). Called after a drain that stopped, and as soon as a submission is kept rather than sent
 * (a visitor told "it goes by itself" may close the tab while the page's own request still hangs).
 */
export function keepUntilSent(): void {
  keepSiteData();
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) =>
      (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync?.register('sparkright-outbox'),
    )
    .catch(() => undefined);
}

/**
 * Asks the browser, once a page, to keep the site's data until the user clears it (persistent storage): without it, a
 * browser short of space may clear the outbox with the rest, and Safari clears a site's data after seven days without a
 * visit (an iPhone has no Background Sync to send it before). Asked only when something is kept on the device, or for
 * the admin's copy: Firefox asks the user, and a visitor whose quote went straight through has nothing to keep. Chromium
 * answers by itself (yes for an installed app), and so does Safari.
 */
export function keepSiteData(): void {
  if (askedToKeep) return;
  askedToKeep = true;
  const storage = navigator.storage as StorageManager | undefined;
  if (typeof storage?.persist !== 'function') return;
  void storage
    .persisted()
    .then((kept) => kept || storage.persist())
    .catch(() => undefined);
}

let askedToKeep = false;
