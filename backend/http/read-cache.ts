import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Statement } from 'better-sqlite3';
import type { Middleware } from 'koa';
import type Router from '@koa/router';
import { can, type Action, type Policy } from '#domain/policy.ts';
import type { User } from '#data/queries.ts';
import type { Storage } from '#data/storage.ts';
import { allow } from './command.ts';
import { withRequestId, type Lane } from './lanes.ts';
import { noneMatch, preferredEncoding, type Encoding } from './negotiate.ts';
import { securityHeaderLines } from './security.ts';
import { SignedInCache, type CookieCheck } from './signed-in.ts';

/** An action about no particular record (a list's). */
type ListAction = { [A in Action]: Policy[A] extends undefined ? A : never }[Action];

/** A list answer: the read model's rows for a viewer. `scope` names whose answer it is (null: every viewer the policy lets in gets the same). */
export type CachedList = { path: string; action: ListAction; scope: (user: User) => string | null; produce: (user: User) => unknown };

/** One answer, serialised once per read-model version; compressed once per encoding, when first asked for. */
type Entry = { version: string; etag: string; json: Buffer; encoded: Map<Encoding, { body: Buffer; ok: readonly string[] }>; notModified: readonly string[] };

/** Below this, compressing costs more than it saves (as apiTransport). */
const THRESHOLD_BYTES = 1024;
/** Answers kept (each list once, each customer's own list once); the oldest goes first. */
const MAX_ENTRIES = 2_000;

/**
 * List reads answered from memory (issue 14): the serialised and compressed answer is kept per read-model
 * version — the log's last position and the read models' build (the sync epoch, new after a rebuild or an
 * erasure) — and reused until either moves. Its ETag carries that version, the viewer's scope and a hash of
 * the bytes (so a new server version that shapes the JSON differently is never taken for the old one), and a
 * client that sends it back gets `304`. The sign-in check and the policy run on every request; a customer's
 * answer is kept under their own scope and never sent to anyone else.
 *
 * `lane` answers a signed-in viewer's list before the middleware chain; whatever it does not answer (a visitor,
 * a refusal, a session due for renewal) goes down the chain to the same route, which answers from the same cache.
 */
export class ReadCache {
  readonly #storage: Storage;
  readonly #signedIn: SignedInCache;
  readonly #lists = new Map<string, CachedList>();
  readonly #entries = new Map<string, Entry>();
  readonly #version: Statement;
  readonly #apiHeaders: readonly string[];
  #versionStamp = '';
  #versionValue = '';

  constructor(storage: Storage, options: { secure: boolean; verifyCookie: CookieCheck }) {
    this.#storage = storage;
    this.#signedIn = new SignedInCache(storage, options.verifyCookie);
    this.#version = storage.db
      .prepare(`SELECT (SELECT COALESCE(MAX(global_position), 0) FROM events), (SELECT value FROM meta WHERE name = 'sync_epoch')`)
      .raw();
    this.#apiHeaders = [...securityHeaderLines({ secure: options.secure, api: true }), 'Vary', 'Accept-Encoding'];
  }

  /**
   * Another connection of this process committed (the writer thread, backend/writer/thread.ts): the next read
   * asks the database for its version at once, not after the write-ahead log's file-system event arrives.
   */
  committedElsewhere(): void {
    this.#signedIn.committedElsewhere();
  }

  /** Registers a list's GET route (policy, then the cached answer) and lets the lane answer it too. */
  route(router: Router, list: CachedList): void {
    this.#lists.set(list.path, list);
    router.get(list.path, allow(this.#storage, list.action), this.#routeAnswer(list));
  }

  readonly lane: Lane = (req, res, requestId) => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const list = this.#lists.get(query === -1 ? url : url.slice(0, query));
    if (!list) return undefined;
    const stamp = this.#signedIn.stamp();
    const user = this.#signedIn.user(req, res, stamp);
    // The route's policy; a refusal goes down the chain to be answered (401/403 with its reason).
    if (!user || !can(user, list.action)) return undefined;
    const entry = this.#entry(list, user, stamp);
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && noneMatch(ifNoneMatch, entry.etag)) {
      res.writeHead(304, withRequestId(entry.notModified, requestId));
      res.end();
      return list.path;
    }
    const variant = this.#variant(entry, preferredEncoding(req.headers['accept-encoding']));
    res.writeHead(200, withRequestId(variant.ok, requestId));
    if (req.method === 'HEAD') res.end();
    else res.end(variant.body);
    return list.path;
  };

  #routeAnswer(list: CachedList): Middleware {
    return (ctx) => {
      const user = ctx.state['user'] as User;
      const entry = this.#entry(list, user, this.#signedIn.stamp());
      const encoding = preferredEncoding(ctx.get('accept-encoding') || undefined);
      const variant = this.#variant(entry, encoding);
      ctx.type = 'application/json; charset=utf-8';
      ctx.set('ETag', entry.etag);
      if (encoding && variant.body !== entry.json) ctx.set('Content-Encoding', encoding);
      ctx.body = variant.body;
    };
  }

  /** The read models' version now: asked of the database only when something was written since the last time. */
  #currentVersion(stamp: string): string {
    if (stamp !== this.#versionStamp) {
      const [position, epoch] = this.#version.get() as [number, string | null];
      this.#versionValue = `${position}.${epoch ?? '0'}`;
      this.#versionStamp = stamp;
    }
    return this.#versionValue;
  }

  #entry(list: CachedList, user: User, stamp: string): Entry {
    const scope = list.scope(user);
    const key = scope === null ? list.path : `${list.path}\n${scope}`;
    const version = this.#currentVersion(stamp);
    const cached = this.#entries.get(key);
    if (cached?.version === version) return cached;
    const json = Buffer.from(JSON.stringify(list.produce(user)));
    const hash = createHash('sha256').update(key).update('\n').update(json).digest('base64url').slice(0, 16);
    const etag = `W/"${version}-${hash}"`;
    const entry: Entry = { version, etag, json, encoded: new Map(), notModified: ['X-Request-Id', '', ...this.#apiHeaders, 'ETag', etag] };
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, entry);
    return entry;
  }

  #variant(entry: Entry, encoding: Encoding): { body: Buffer; ok: readonly string[] } {
    const wanted = entry.json.length < THRESHOLD_BYTES ? null : encoding;
    let variant = entry.encoded.get(wanted);
    if (!variant) {
      const body =
        wanted === 'br'
          ? brotliCompressSync(entry.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.json.length } })
          : wanted === 'gzip'
            ? gzipSync(entry.json, { level: 6 })
            : entry.json;
      const ok = [
        'X-Request-Id',
        '',
        ...this.#apiHeaders,
        'Content-Type',
        'application/json; charset=utf-8',
        'ETag',
        entry.etag,
        'Content-Length',
        String(body.length),
        ...(wanted ? ['Content-Encoding', wanted] : []),
      ];
      variant = { body, ok };
      entry.encoded.set(wanted, variant);
    }
    return variant;
  }
}
