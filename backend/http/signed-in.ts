import type { Statement } from 'better-sqlite3';
import type { Context } from 'koa';
import type { User } from '#data/queries.ts';
import type { Storage } from '#data/storage.ts';
import { sessionCookieName } from './session.ts';

/** What a session row said, and the account it signs in, as of a database stamp. */
type Known = { stamp: string; user: User | undefined; expire: number | undefined; maxAge: number | undefined };

/** Cookie headers and session ids remembered; beyond it the oldest go (each costs a few hundred bytes). */
const MAX_REMEMBERED = 10_000;

/**
 * The sign-in check in microseconds, for answers sent before the middleware chain (backend/http/read-cache.ts):
 * the session cookie's signature is checked once per cookie value, and the session row and its account are read
 * once per database stamp — SQLite's count of rows this connection changed plus its `data_version` (which moves
 * when another process writes, e.g. `npm run erase`). Any write at all (a sign-in, a sign-out, a password reset
 * ending sessions, an erasure, a demotion) moves the stamp, so nothing stale is ever used. A session the chain
 * must touch — expired, or due for renewal — is not answered here.
 */
export class SignedInCache {
  readonly #storage: Storage;
  readonly #cookie: string;
  readonly #stamp: Statement;
  readonly #sids = new Map<string, string>();
  readonly #known = new Map<string, Known>();

  constructor(storage: Storage, options: { secure: boolean }) {
    this.#storage = storage;
    this.#cookie = sessionCookieName(options.secure);
    this.#stamp = storage.db.prepare('SELECT total_changes(), (SELECT data_version FROM pragma_data_version)').raw();
  }

  /** Changes whenever anything was written to the database, by this process or another. */
  stamp(): string {
    const [changes, version] = this.#stamp.get() as [number, number];
    return `${changes}.${version}`;
  }

  /** The signed-in account, or undefined when the chain must decide (no cookie, a bad one, no session, expired, due for renewal). */
  user(ctx: Context, stamp: string): User | undefined {
    const header = ctx.req.headers.cookie;
    if (header === undefined) return undefined;
    let sid = this.#sids.get(header);
    if (sid === undefined) {
      // Koa's own signed-cookie check (keygrip); only a cookie that passes it is remembered.
      sid = ctx.cookies.get(this.#cookie, { signed: true });
      if (!sid) return undefined;
      remember(this.#sids, header, sid);
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
