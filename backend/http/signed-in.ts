import type { IncomingMessage, ServerResponse } from 'node:http';
import type { User } from '#data/queries.ts';
import type { Storage } from '#data/storage.ts';
import { DbStamp } from './db-stamp.ts';

/** The session id of a request's signed session cookie, or undefined. */
export type CookieCheck = (req: IncomingMessage, res: ServerResponse) => string | undefined;

/** What a session row said, and the account it signs in, as of a database stamp. */
type Known = { stamp: string; user: User | undefined; expire: number | undefined; maxAge: number | undefined };

/** Cookie headers and session ids remembered; beyond it the oldest go (each costs a few hundred bytes). */
const MAX_REMEMBERED = 10_000;
/**
 * A Cookie header longer than this is checked each time, never remembered: ours is about 150 bytes, and one padded
 * with another cookie of 16 KB, sent 10,000 times with a valid session, held 160 MB.
 */
export const MAX_REMEMBERED_HEADER = 1024;

/**
 * The sign-in check in microseconds, for answers sent before the middleware chain (backend/http/read-cache.ts):
 * the session cookie's signature is checked once per cookie value, and the session row and its account are read
 * once per database stamp (backend/http/db-stamp.ts: it moves when this process or another, e.g. `npm run erase`,
 * writes anything). Any write at all (a sign-in, a sign-out, a password reset
 * ending sessions, an erasure, a demotion) moves the stamp, so nothing stale is ever used. A session the chain
 * must touch — expired, or due for renewal — is not answered here.
 */
export class SignedInCache {
  readonly #storage: Storage;
  readonly #stamp: DbStamp;
  readonly #sids = new Map<string, string>();
  readonly #known = new Map<string, Known>();

  readonly #verify: CookieCheck;

  /** `verify`: the session id of a request's signed session cookie, or undefined (Koa's own check: keygrip). */
  constructor(storage: Storage, verify: CookieCheck) {
    this.#storage = storage;
    this.#verify = verify;
    this.#stamp = new DbStamp(storage.db);
  }

  /** Another connection of this process committed: the stamp must move on the next read (DbStamp.committedElsewhere). */
  committedElsewhere(): void {
    this.#stamp.committedElsewhere();
  }

  /** Changes whenever anything was written to the database, by this process or another. */
  stamp(): string {
    return this.#stamp.now();
  }

  /** The signed-in account, or undefined when the chain must decide (no cookie, a bad one, no session, expired, due for renewal). */
  user(req: IncomingMessage, res: ServerResponse, stamp: string): User | undefined {
    const header = req.headers.cookie;
    if (header === undefined) return undefined;
    let sid = this.#sids.get(header);
    if (sid === undefined) {
      // Only a cookie value that passes the signature check is remembered.
      sid = this.#verify(req, res);
      if (!sid) return undefined;
      if (header.length <= MAX_REMEMBERED_HEADER) remember(this.#sids, header, sid);
    }
    let known = this.#known.get(sid);
    if (known?.stamp !== stamp) {
      const session = this.#storage.sessions.get(sid) as { userId?: unknown; _expire?: unknown; _maxAge?: unknown } | undefined;
      const userId = typeof session?.userId === 'string' ? session.userId : undefined;
      known = {
        // The session row's read may have deleted an expired row: a write, so the stamp is taken again.
        stamp: this.stamp(),
        user: userId ? this.#storage.queries.user(userId) : undefined,
        expire: typeof session?._expire === 'number' ? session._expire : undefined,
        maxAge: typeof session?._maxAge === 'number' ? session._maxAge : undefined,
      };
      remember(this.#known, sid, known);
    }
    if (!known.user) return undefined;
    if (known.expire !== undefined) {
      // koa-session's own rules: an expired session is none; one past half its life is renewed (a new cookie).
      const left = known.expire - Date.now();
      if (left < 0 || (known.maxAge !== undefined && left < known.maxAge / 2)) return undefined;
    }
    return known.user;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value as string);
  map.set(key, value);
}
