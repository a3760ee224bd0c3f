/**
 * Faults of the machine rather than of the request: the disk is full or read-only, another process holds the
 * database's lock, the storage cannot be read. The request was fine and may succeed later, so they are answered
 * 503 with Retry-After (backend/http/errors.ts), and background work logs them and tries again.
 */
export type Fault = 'storage_full' | 'storage_read_only' | 'busy' | 'storage_unavailable';

const BY_CODE: ReadonlyArray<[test: (code: string) => boolean, fault: Fault]> = [
  [(c) => c === 'SQLITE_FULL' || c === 'ENOSPC' || c === 'EDQUOT' || c === 'EFBIG', 'storage_full'],
  [(c) => c.startsWith('SQLITE_READONLY') || c === 'EROFS', 'storage_read_only'],
  // WRITER_GONE, LIST_THREAD_GONE: a thread died with work in hand and starts again (backend/writer/thread.ts,
  // backend/http/list-thread.ts).
  [(c) => c.startsWith('SQLITE_BUSY') || c.startsWith('SQLITE_LOCKED') || c === 'EMFILE' || c === 'ENFILE' || c === 'WRITER_GONE' || c === 'LIST_THREAD_GONE', 'busy'],
  [(c) => c.startsWith('SQLITE_IOERR') || c.startsWith('SQLITE_CANTOPEN') || c === 'EIO' || c === 'EACCES' || c === 'EPERM', 'storage_unavailable'],
];

/** What kind of fault an error is (looking through `cause`), or undefined for anything else. */
export function faultOf(err: unknown): Fault | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    const found = BY_CODE.find(([test]) => test(code));
    if (found) return found[1];
  }
  return undefined;
}

/** What people are told, and when to try again. */
export const FAULT_ANSWERS: Readonly<Record<Fault, { message: string; retryAfterSeconds: number }>> = {
  storage_full: { message: 'The server has run out of storage space. Nothing was saved; please try again later.', retryAfterSeconds: 60 },
  storage_read_only: { message: 'The server cannot save anything at the moment. Nothing was saved; please try again later.', retryAfterSeconds: 60 },
  busy: { message: 'The server is busy. Nothing was saved; please try again in a moment.', retryAfterSeconds: 2 },
  storage_unavailable: { message: 'The server cannot reach its storage at the moment. Please try again later.', retryAfterSeconds: 30 },
};

/** A short description for the logs: the fault and the underlying code, e.g. `storage_full (SQLITE_FULL)`. */
export function describeFault(err: unknown): string | undefined {
  const fault = faultOf(err);
  if (!fault) return undefined;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? `${fault} (${code})` : fault;
}
