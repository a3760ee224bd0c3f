/** What a client gets sent: brotli, gzip, or the bytes as they are. */
export type Encoding = 'br' | 'gzip' | null;

const chosen = new Map<string, Encoding>();
/** Distinct Accept-Encoding values remembered (browsers send a handful); beyond it each is worked out afresh. */
const REMEMBERED = 256;

/**
 * The encoding to send for an Accept-Encoding header, by its q-values (RFC 9110 §12.5.3): brotli before gzip
 * before none when the client rates them alike, never one it rates q=0. Remembered per header value, so a
 * request costs a map lookup.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (header === undefined || header === '') return null;
  const known = chosen.get(header);
  if (known !== undefined) return known;
  const choice = negotiate(header);
  if (chosen.size < REMEMBERED && header.length <= 200) chosen.set(header, choice);
  return choice;
}

function negotiate(header: string): Encoding {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (name === '') continue;
    let value = 1;
    for (const param of params) {
      const m = /^q=([01](?:\.\d{0,3})?)$/i.exec(param);
      if (m) value = Number(m[1]);
    }
    q.set(name.toLowerCase(), value);
  }
  const star = q.get('*');
  const rate = (name: string, fallback: number): number => q.get(name) ?? star ?? fallback;
  const br = rate('br', 0);
  const gzip = Math.max(rate('gzip', 0), q.get('x-gzip') ?? 0);
  // Unnamed, the bytes as they are rate as low as the lowest named coding (as Koa's negotiator has it).
  const identity = rate('identity', q.size > 0 ? Math.min(...q.values()) : 1);
  if (br > 0 && br >= gzip && br >= identity) return 'br';
  if (gzip > 0 && gzip >= identity) return 'gzip';
  return null;
}

/**
 * Whether If-None-Match names this entity tag (weak comparison, RFC 9110 §13.1.2: `W/` is ignored); `*` matches
 * any current representation.
 */
export function noneMatch(header: string, etag: string): boolean {
  if (header === etag) return true;
  const bare = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === bare) return true;
  }
  return false;
}
