import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** One way of sending a file: its bytes and the header lines (a flat name, value, … list) computed once. */
export type Variant = {
  readonly body: Buffer;
  readonly etag: string;
  /** Headers of a 200 answer, and of a 304 (no body: no type, length or encoding); X-Request-Id first, blank (see withRequestId). */
  readonly ok: readonly string[];
  readonly notModified: readonly string[];
};

/** A file of the build, as sent to a client that accepts brotli, gzip, or neither. */
export type SiteFile = { readonly identity: Variant; readonly br?: Variant; readonly gzip?: Variant; readonly lastModified: number };

/** Text files worth compressing (the build's precompress step picks the same), when the build made no copy. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|txt|xml|webmanifest|json|map)$/;
const MIN_COMPRESS_BYTES = 1024;

/** Content types of what a build holds; anything else goes as bytes. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.br': 'application/x-brotli',
  '.gz': 'application/gzip',
};

/** Hashed file names (vite's `assets/`) never change content: a year, immutable. Everything else revalidates. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built PWA (dist/) held in memory: every file, its brotli and gzip copies (the build's, or made once
 * here), and every header line worked out when the files are read, so answering costs no file-system call.
 * A new build is picked up without a restart: the folders are watched, and the first request after a
 * change reads the whole build again (a few MB). `headers` are the lines every answer carries (security).
 */
export class SiteFiles {
  readonly #dir: string;
  readonly #headers: readonly string[];
  #files = new Map<string, SiteFile>();
  #stale = true;
  #watchers: FSWatcher[] = [];
  #lastTry = 0;

  constructor(dir: string, headers: readonly string[]) {
    this.#dir = dir;
    this.#headers = headers;
  }

  /** The file at a URL path (`/assets/app-1a2b.js`), or undefined. */
  get(path: string): SiteFile | undefined {
    if (this.#stale) this.#load();
    return this.#files.get(path);
  }

  /** Every file by URL path; a new map object once the build changed. */
  snapshot(): ReadonlyMap<string, SiteFile> {
    if (this.#stale) this.#load();
    return this.#files;
  }

  /** Whether anything was built (the folder held files when last read). */
  get built(): boolean {
    if (this.#stale) this.#load();
    return this.#files.size > 0;
  }

  /** Stops watching (tests that start many apps call it through `close`; the watchers never hold the process open). */
  close(): void {
    for (const w of this.#watchers) w.close();
    this.#watchers = [];
  }

  #load(): void {
    // A missing build is looked for again at most once a second (npm run build may be under way).
    const now = Date.now();
    if (now - this.#lastTry < 1000 && this.#files.size === 0) return;
    this.#lastTry = now;
    if (!existsSync(this.#dir)) {
      this.#files = new Map();
      return;
    }
    this.#stale = false;
    this.#watch();
    const files = new Map<string, SiteFile>();
    const entries = readdirSync(this.#dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const names = new Set(entries.map((e) => join(e.parentPath, e.name)));
    for (const entry of entries) {
      const file = join(entry.parentPath, entry.name);
      const rel = relative(this.#dir, file).split(sep);
      // Hidden files and folders (a tool's `.vite/`, an editor's leftovers) are not part of the site.
      if (rel.some((part) => part.startsWith('.'))) continue;
      try {
        files.set(`/${rel.join('/')}`, this.#read(file, names));
      } catch {
        // Gone while being read (a build in progress): the watcher marks the build stale again.
      }
    }
    this.#files = files;
  }

  #read(file: string, names: Set<string>): SiteFile {
    const content = readFileSync(file);
    const lastModified = statSync(file).mtimeMs;
    const rel = relative(this.#dir, file).split(sep).join('/');
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const cache = rel.startsWith('assets/') ? IMMUTABLE : 'no-cache';
    const tag = createHash('sha256').update(content).digest('base64url').slice(0, 27);
    const modified = new Date(lastModified).toUTCString();
    const variant = (body: Buffer, encoding: 'br' | 'gzip' | null): Variant => {
      const etag = `"${tag}${encoding ? `-${encoding}` : ''}"`;
      const common = ['X-Request-Id', '', ...this.#headers, 'Vary', 'Accept-Encoding', 'Cache-Control', cache];
      const entity = ['Content-Type', type, 'Content-Length', String(body.length), ...(encoding ? ['Content-Encoding', encoding] : [])];
      return {
        body,
        etag,
        ok: [...common, ...entity, 'ETag', etag, 'Last-Modified', modified],
        notModified: [...common, 'ETag', etag, 'Last-Modified', modified],
      };
    };
    const compressible = COMPRESSIBLE.test(file) && content.length >= MIN_COMPRESS_BYTES;
    const copy = (suffix: string, make: () => Buffer): Buffer | undefined => {
      if (names.has(`${file}${suffix}`)) return readFileSync(`${file}${suffix}`);
      return compressible ? make() : undefined;
    };
    const br = copy('.br', () => brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    const gz = copy('.gz', () => gzipSync(content, { level: 9 }));
    return {
      identity: variant(content, null),
      // A copy that saves nothing is not worth the client's decoding.
      ...(br && br.length < content.length ? { br: variant(br, 'br') } : {}),
      ...(gz && gz.length < content.length ? { gzip: variant(gz, 'gzip') } : {}),
      lastModified,
    };
  }

  /** Watches the build folder and its subfolders (not recursively: Linux has no recursive inotify); any change marks it stale. */
  #watch(): void {
    this.close();
    const dirs = [
      this.#dir,
      ...readdirSync(this.#dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => join(e.parentPath, e.name)),
    ];
    for (const dir of dirs) {
      try {
        const watcher = watch(dir, { persistent: false }, () => {
          this.#stale = true;
        });
        watcher.on('error', () => {
          this.#stale = true;
        });
        this.#watchers.push(watcher);
      } catch {
        this.#stale = true;
      }
    }
  }
}
