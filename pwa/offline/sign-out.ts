import { openedDeviceDb } from './db.ts';
import type { OutboxItem } from './db.ts';
import { wipeMirror } from './mirror.ts';
import { changed } from './outbox.ts';
import { forgetUser } from './session.ts';
import { keepSignOut, sendSignOut, type SignOutPath } from './sign-out-pending.ts';

/**
 * What signing out would throw away: the user's items still in the outbox. A screen shows them first and
 * offers to send them or discard them knowingly; unsent work is never erased by a sign-out by surprise.
 */
export async function unsentWork(owner: string): Promise<OutboxItem[]> {
  return (await openedDeviceDb()).outbox.where('owner').equals(owner).toArray();
}

/**
 * Signs out on the server (when it can be reached) and wipes this user's data from the device: the mirror of
 * their records and their outbox items (after `unsentWork` was shown and the user chose to discard), and the
 * cached user. Public submissions (no owner) stay in the outbox. A sign-out the server did not hear is kept and sent
 * before anything asks who is signed in here (sign-out-pending.ts): the session must not outlive it.
 */
export async function signOutDevice(owner: string, path: SignOutPath = '/api/auth/logout'): Promise<{ server: boolean }> {
  const server = await sendSignOut(path);
  if (!server) keepSignOut(path);
  // Nobody is signed in here from now: a pull still on its way writes nothing after the wipe (mirror.ts apply).
  forgetUser();
  const db = await openedDeviceDb();
  await db.outbox.where('owner').equals(owner).delete();
  await wipeMirror();
  await changed();
  return { server };
}
