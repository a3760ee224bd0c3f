import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { Statement } from 'better-sqlite3';
import type { Middleware } from 'koa';
import type Router from '@koa/router';
import { can, type Action, type Policy } from '#domain/policy.ts';
import type { User } from '#data/queries.ts';
import type { Storage } from '#data/storage.ts';
import { allow } from './command.ts';
import { withRequestId, type Lane } from './lanes.ts';
import type { ListThread } from './list-thread.ts';
import { answerHash, LISTS, READ_MODEL_VERSION_SQL, versionOf, type ListName } from './lists.ts';
import { noneMatch, preferredEncoding, type Encoding } from './negotiate.ts';
import { securityHeaderLines } from './security.ts';
import { SignedInCache, type CookieCheck } from './signed-in.ts';

/** An action about no particular record (a list's). */
type ListAction = { [A in Action]: Policy[A] extends undefined ? A : never }[Action];

/**
 * A list answer: the read model's rows for a viewer (`produce`, backend/http/lists.ts). `scope` names whose answer
 * it is (null: every viewer the policy lets in gets the same).
 */
export type CachedList = { path: string; action: ListAction; scope: (user: User) => string | null; produce: ListName };

type Variant = { body: Buffer; ok: readonly string[] };

/**
 * One answer, serialised once per read-model version; compressed once per encoding, when first asked for
 * (`compressing`: a long answer's compressions under way, off the event loop).
 */
type Entry = {
  key: string;
  version: string;
  etag: string;
  json: Buffer;
  encoded: Map<Encoding, Variant>;
  compressing: Map<Encoding, Promise<Variant>>;
  notModified: readonly string[];
  /** The JSON's and its compressed copies' bytes, counted against the cache's budget while the entry is kept. */
  bytes: number;
};

/** A build in the list thread, and the version this thread had read when it asked for it. */
type Flight = { version: string; promise: Promise<Entry> };

/** Below this, compressing costs more than it saves (as apiTransport). */
const THRESHOLD_BYTES = 1024;
/** Answers kept (each list once, each customer's own list once); the least recently used goes first. */
const MAX_ENTRIES = 2_000;
const brotliFor = (json: Buffer): BrotliOptions => ({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length } });
const GZIP: ZlibOptions = { level: 6 };
const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

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
  readonly #threads: ListThread | undefined;
  readonly #lists = new Map<string, CachedList>();
  readonly #entries = new Map<string, Entry>();
  /** Per cache key: the build under way in the list thread, and the one that waits for it. */
  readonly #running = new Map<string, Flight>();
  readonly #queued = new Map<string, Promise<Entry>>();
  /** Each list's last answer's length (by path), which says where its next one is built. */
  readonly #lengths = new Map<string, number>();
  readonly #version: Statement;
  readonly #apiHeaders: readonly string[];
  /** The most the kept answers may hold, in bytes (all but the newest: one answer alone is always kept). */
  readonly #maxBytes: number;
  #bytes = 0;
  #versionStamp = '';
  #versionValue = '';

  /**
   * `lists`: the thread that builds long lists (without it, every list is built on this thread); `maxBytes`: what the
   * kept answers may hold (config.readCacheBytes).
   */
  constructor(storage: Storage, options: { secure: boolean; verifyCookie: CookieCheck; lists?: ListThread | undefined; maxBytes: number }) {
    this.#storage = storage;
    this.#maxBytes = options.maxBytes;
    this.#signedIn = new SignedInCache(storage, options.verifyCookie);
    this.#threads = options.lists;
    this.#version = storage.db.prepare(READ_MODEL_VERSION_SQL).raw();
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

  /**
   * Answers from what is ready: an answer kept at the read models' version, or a short one built here. A long list
   * to build, or a long answer to compress, goes down the chain to the route, which waits for them off the event loop.
   */
  readonly lane: Lane = (req, res, requestId) => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const list = this.#lists.get(query === -1 ? url : url.slice(0, query));
    if (!list) return undefined;
    const stamp = this.#signedIn.stamp();
    const user = this.#signedIn.user(req, res, stamp);
    // The route's policy; a refusal goes down the chain to be answered (401/403 with its reason).
    if (!user || !can(user, list.action)) return undefined;
    const entry = this.#entryHere(list, user, stamp);
    if (!entry) return undefined;
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && noneMatch(ifNoneMatch, entry.etag)) {
      res.writeHead(304, withRequestId(entry.notModified, requestId));
      res.end();
      return list.path;
    }
    const variant = this.#variantHere(entry, preferredEncoding(req.headers['accept-encoding']));
    if (!variant) return undefined;
    res.writeHead(200, withRequestId(variant.ok, requestId));
    if (req.method === 'HEAD') res.end();
    else res.end(variant.body);
    return list.path;
  };

  #routeAnswer(list: CachedList): Middleware {
    return async (ctx) => {
      const user = ctx.state['user'] as User;
      const entry = await this.#entry(list, user, this.#signedIn.stamp());
      const encoding = preferredEncoding(ctx.get('accept-encoding') || undefined);
      const variant = await this.#variant(entry, encoding);
      ctx.type = 'application/json; charset=utf-8';
      ctx.set('ETag', entry.etag);
      if (encoding && variant.body !== entry.json) ctx.set('Content-Encoding', encoding);
      ctx.body = variant.body;
    };
  }

  /** The read models' version now: asked of the database only when something was written since the last time. */
  #currentVersion(stamp: string): string {
    if (stamp !== this.#versionStamp) {
      this.#versionValue = versionOf(this.#version.get() as [number, string | null]);
      this.#versionStamp = stamp;
    }
    return this.#versionValue;
  }

  /** The list's answer at the read models' version now: kept, or built here or in the list thread. */
  #entry(list: CachedList, user: User, stamp: string): Entry | Promise<Entry> {
    const key = this.#key(list, user);
    const version = this.#currentVersion(stamp);
    const here = this.#ready(list, user, key, version);
    if (here) return here;
    const running = this.#running.get(key);
    if (!running) return this.#buildInThread(list, user, key, version);
    // Asked for at this version already: that build read at it or later.
    if (running.version === version) return running.promise;
    // Something was written since the running build began: the next one, which every request until it starts shares.
    let queued = this.#queued.get(key);
    if (!queued) {
      const next = (): Promise<Entry> => {
        this.#queued.delete(key);
        return this.#buildInThread(list, user, key, this.#currentVersion(this.#signedIn.stamp()));
      };
      queued = running.promise.then(next, next);
      this.#queued.set(key, queued);
    }
    return queued;
  }

  /** The kept answer at the version now, else one built on this thread when the list is short; else undefined. */
  #entryHere(list: CachedList, user: User, stamp: string): Entry | undefined {
    return this.#ready(list, user, this.#key(list, user), this.#currentVersion(stamp));
  }

  #ready(list: CachedList, user: User, key: string, version: string): Entry | undefined {
    const cached = this.#entries.get(key);
    if (cached?.version === version) {
      // The most recently used now: the last to go when the budget runs out.
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached;
    }
    if (this.#threads?.takes(this.#lengths.get(list.path))) return undefined;
    const json = Buffer.from(JSON.stringify(LISTS[list.produce](this.#storage.queries, user)));
    return this.#keep(list, key, version, json, answerHash(key, json));
  }

  #buildInThread(list: CachedList, user: User, key: string, version: string): Promise<Entry> {
    const promise = this.#threads!.build(list.produce, user, key).then((built) => this.#keep(list, key, built.version, built.json, built.hash));
    const flight: Flight = { version, promise };
    this.#running.set(key, flight);
    const done = (): void => {
      if (this.#running.get(key) === flight) this.#running.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  #key(list: CachedList, user: User): string {
    const scope = list.scope(user);
    return scope === null ? list.path : `${list.path}\n${scope}`;
  }

  #keep(list: CachedList, key: string, version: string, json: Buffer, hash: string): Entry {
    const etag = `W/"${version}-${hash}"`;
    const notModified = ['X-Request-Id', '', ...this.#apiHeaders, 'ETag', etag];
    const entry: Entry = { key, version, etag, json, encoded: new Map(), compressing: new Map(), notModified, bytes: json.length };
    this.#lengths.set(list.path, json.length);
    const old = this.#entries.get(key);
    if (old) this.#forget(old);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#trim(key);
    return entry;
  }

  /** Forgets the least recently used answers, but `keep`'s, while the kept ones are over the budget or too many. */
  #trim(keep: string): void {
    for (const entry of this.#entries.values()) {
      if (this.#bytes <= this.#maxBytes && this.#entries.size <= MAX_ENTRIES) return;
      if (entry.key !== keep) this.#forget(entry);
    }
  }

  #forget(entry: Entry): void {
    this.#entries.delete(entry.key);
    this.#bytes -= entry.bytes;
  }

  /** The answer's bytes for that encoding: kept, compressed here when short, or on libuv's pool. */
  #variant(entry: Entry, encoding: Encoding): Variant | Promise<Variant> {
    const here = this.#variantHere(entry, encoding);
    if (here) return here;
    const wanted = encoding!;
    let compressing = entry.compressing.get(wanted);
    if (!compressing) {
      compressing = (wanted === 'br' ? brotliLater(entry.json, brotliFor(entry.json)) : gzipLater(entry.json, GZIP)).then(
        (body) => this.#keepVariant(entry, wanted, body),
      );
      entry.compressing.set(wanted, compressing);
      const done = (): void => void entry.compressing.delete(wanted);
      compressing.then(done, done);
    }
    return compressing;
  }

  /** The kept variant, or one made here when the answer is short enough; undefined when it must be made off the event loop. */
  #variantHere(entry: Entry, encoding: Encoding): Variant | undefined {
    const wanted = entry.json.length < THRESHOLD_BYTES ? null : encoding;
    const kept = entry.encoded.get(wanted);
    if (kept) return kept;
    if (wanted === null) return this.#keepVariant(entry, null, entry.json);
    // A long answer is compressed on libuv's pool (brotli about 12 ms a megabyte here, gzip 6).
    if (this.#threads?.isLong(entry.json.length)) return undefined;
    const body = wanted === 'br' ? brotliCompressSync(entry.json, brotliFor(entry.json)) : gzipSync(entry.json, GZIP);
    return this.#keepVariant(entry, wanted, body);
  }

  #keepVariant(entry: Entry, wanted: Encoding, body: Buffer): Variant {
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
    const variant = { body, ok };
    entry.encoded.set(wanted, variant);
    // Counted while the entry is kept (a compression that ends after the entry went is answered, not kept long).
    if (body !== entry.json && this.#entries.get(entry.key) === entry) {
      entry.bytes += body.length;
      this.#bytes += body.length;
      this.#trim(entry.key);
    }
    return variant;
  }
}
