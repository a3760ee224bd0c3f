import { SERVER_BUSY_TIMEOUT_MS } from '#data/busy.ts';
import { openStorage, type Storage } from '#data/storage.ts';
import type { Config } from './config.ts';

/**
 * The storage as the server opens it: group commit as configured, and a short synchronous lock wait, so a
 * lock held by another process (a rebuild, a backup) never freezes the event loop; writes wait for it
 * asynchronously, up to DB_BUSY_WAIT_MS, and are then answered 503.
 */
export function openServerStorage(config: Config): Storage {
  return openStorage(config.databaseFile, { groupCommit: config.groupCommit, busyTimeoutMs: SERVER_BUSY_TIMEOUT_MS, busyDeadlineMs: config.busyWaitMs });
}
