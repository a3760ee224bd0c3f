import { inTime } from '../lib/in-time.ts';
import { openedDeviceDb } from './db.ts';
import type { OutboxItem } from './db.ts';
import { wipeCopyOf, wipeMirror } from './mirror.ts';
import { changed } from './outbox.ts';
import { forgetUser, sessionTurn, signedInUser } from './session.ts';
import { dropSignOut, keepSignOut, sendSignOut, type SignOutPath, type SignOutSent } from './sign-out-pending.ts';

/**
 * What signing out would throw away: the user's items still in the outbox. A screen shows them first and
 * offers to send them or discard them knowingly; unsent work is never erased by a sign-out by surprise.
 */
export async function unsentWork(owner: string): Promise<OutboxItem[]> {
  return (await openedDeviceDb()).outbox.where('owner').equals(owner).toArray();
}

/**
 * Wipes this user's data from the device, then signs out on the server (when it can be reached): the mirror of their
 * records and their outbox items (after `unsentWork` was shown and the user chose to discard), and the cached user.
 * Public submissions (no owner) stay in the outbox. The device goes first: on a signal that hangs without failing, the
 * wipe waited for the server's answer, and a tab closed meanwhile left everything on the device, the session too. So
 * the sign-out is kept before it is sent, and sent before anything asks who is signed in here (sign-out-pending.ts),
 * until the server has heard it: the session must not outlive it. `server`: whether it answered in time.
 */
export async function signOutDevice(owner: string, path: SignOutPath = '/api/auth/logout'): Promise<{ server: boolean; still: boolean }> {
  const mark = keepSignOut(path);
  // Nobody is signed in here from now: a pull still on its way writes nothing after the wipe (mirror.ts apply).
  forgetUser();
  const turn = sessionTurn();
  const db = await openedDeviceDb();
  await db.outbox.where('owner').equals(owner).delete();
  await wipeMirror();
  await changed();
  const sent = await inTime((signal) => sendSignOut(path, mark, signal)).catch((): SignOutSent => 'unreached');
  // Somebody signed in meanwhile (the page went to the sign-in at once, and the answer may take 20 s): their session
  // replaced the one this sign-out was for, and no sign-out is owed (rememberUser dropped it). A sign-in on its way
  // gave this one up (sign-out-pending.ts signingIn): it is not said to have failed.
  const still = sessionTurn() === turn && sent !== 'replaced';
  if (sent === 'ended' && still) dropSignOut();
  return { server: sent === 'ended', still };
}

/**
 * An account deleted from this page: its copy and waiting items go from the device, and its user with them when it is
 * still the one signed in here. Someone who signed in meanwhile in another tab (a deletion can wait 20 s for its answer)
 * stays signed in.
 */
export async function forgetDeletedAccount(owner: string): Promise<void> {
  if (signedInUser()?.id === owner) {
    await signOutDevice(owner);
    return;
  }
  const db = await openedDeviceDb();
  await db.outbox.where('owner').equals(owner).delete();
  await wipeCopyOf(owner);
  await changed();
}

/**
 * The server no longer knows the admin's session (it expired, or was ended elsewhere): the sign-in form comes back, and
 * the device's copy of every customer's records goes from the device with the cached admin, pulled again once they
 * have signed in. Left there, it stayed readable until another account's first pull. What waits in the outbox stays,
 * and goes once they have signed in again; what they typed and did not send stays too, for them (lib/form-draft.ts).
 */
export async function forgetEndedAdmin(): Promise<void> {
  forgetUser('ended');
  await wipeMirror();
}
