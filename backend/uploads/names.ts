import { randomBytes } from 'node:crypto';
import { AttachmentSchema } from '#domain/schemas/fields.ts';
import { LIMITS } from '#domain/limits.ts';
import type { FileKind } from '#domain/file-kinds.ts';

const STORED_NAME = AttachmentSchema.shape.filename;

/** A fresh stored name: 128 random bits as 32 hex digits plus the canonical extension of the detected kind. */
export function newStoredName(kind: FileKind): string {
  return `${randomBytes(16).toString('hex')}.${kind.ext}`;
}

/**
 * Whether a requested name can be a stored name at all (the attachment pattern: no separators, no dots
 * first, no NUL, at most 255 characters). Checked before anything touches the disk.
 */
export function isStoredName(name: string): boolean {
  return STORED_NAME.safeParse(name).success;
}

/**
 * The client's file name as we keep it: only the base name (after the last `/` or `\`), without control or
 * invisible formatting characters (which can disguise `gpj.exe` as `exe.jpg`), at most 255 characters.
 * It is only ever shown and sent in headers; it never becomes a path.
 */
export function cleanOriginalName(raw: string | null | undefined): string {
  const base = (raw ?? '').toWellFormed().normalize('NFC').split(/[/\\]/).at(-1) ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return truncate(clean === '' || clean === '.' || clean === '..' ? 'file' : clean, LIMITS.filename);
}

/**
 * `Content-Disposition` for serving an upload: `inline` only for images a browser shows safely, an ASCII
 * fallback name and the UTF-8 name (RFC 6266 / RFC 8187). The name always ends in an extension of the
 * detected kind, so `invoice.html` holding a PNG downloads as `invoice.html.png`, never as HTML.
 */
export function contentDisposition(originalname: string, kind: FileKind): string {
  const ext = /\.([^.]+)$/.exec(originalname)?.[1]?.toLowerCase();
  const name = ext !== undefined && kind.extensions.includes(ext) ? originalname : `${originalname}.${kind.ext}`;
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
