import type { Connection } from '../../offline/page-state.ts';
import { useConnection } from '../../offline/use-outbox.ts';

/**
 * What a form or button that needs our server there and then says while it cannot have it (null while it can):
 * `what` is the act, as in "changing your name". Offline, the device's signal is named; online with our server out of
 * reach, the server is (the phone has signal: telling its user they are offline sent them looking for a fault they do
 * not have). Only the portals and the admin use it, not every page's outbox starter.
 */
export function needsServerWords(reach: Exclude<Connection, 'online'>, what: string): string;
export function needsServerWords(reach: Connection, what: string): string | null;
export function needsServerWords(reach: Connection, what: string): string | null {
  if (reach === 'online') return null;
  return reach === 'offline' ? `You are offline: ${what} needs a connection.` : `Our server cannot be reached just now: ${what} needs it. Try again in a minute.`;
}

/** needsServerWords, live as the connection changes. */
export function useNeedsServer(what: string): string | null {
  return needsServerWords(useConnection(), what);
}
