import { prepared, type Db } from './db.ts';

/** The seed's Session table (sid, sess, expire) as a koa-session external store. */
export class SessionStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  get(sid: string): Record<string, unknown> | undefined {
    const row = prepared(this.#db, 'SELECT sess, expire FROM sessions WHERE sid = ?').get(sid) as { sess: string; expire: number } | undefined;
    if (!row) return undefined;
    if (row.expire <= Date.now()) {
      this.destroy(sid);
      return undefined;
    }
    return JSON.parse(row.sess) as Record<string, unknown>;
  }

  set(sid: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined): void {
    const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
    prepared(this.#db, 'INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?) ON CONFLICT (sid) DO UPDATE SET sess = excluded.sess, expire = excluded.expire').run(sid, JSON.stringify(sess), Date.now() + ttl);
  }

  destroy(sid: string): void {
    prepared(this.#db, 'DELETE FROM sessions WHERE sid = ?').run(sid);
  }

  /**
   * Ends every session of a user (after a password reset or change, or an erasure), with those a password change
   * replaced and kept for a repeat of it (`renewedFor`: backend/http/session.ts), which sign nobody in but could sign
   * the account in again.
   */
  destroyForUser(userId: string): number {
    return prepared(this.#db, `DELETE FROM sessions WHERE json_extract(sess, '$.userId') = ? OR json_extract(sess, '$.renewedFor') = ?`).run(userId, userId).changes;
  }

  /** Removes expired rows; called on a timer by the server. */
  prune(now = Date.now()): number {
    return prepared(this.#db, 'DELETE FROM sessions WHERE expire <= ?').run(now).changes;
  }
}
