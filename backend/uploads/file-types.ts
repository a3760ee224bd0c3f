import { fileTypeFromFile } from 'file-type';

/** An accepted kind of file: how it is stored and served. */
export type FileKind = {
  /** The canonical extension of stored names (`<32 hex>.<ext>`). */
  ext: string;
  /** Stored with the upload and sent as Content-Type. */
  mime: string;
  /** Images a browser shows safely are served inline; everything else as a download. */
  inline: boolean;
  /** Extensions a download name may keep; any other gets `.<ext>` appended. */
  extensions: readonly string[];
};

/** What the error messages say is accepted. */
export const ACCEPTED_DESCRIPTION = 'JPEG, PNG, WebP, HEIC, PDF, DOC or DOCX';

const JPEG: FileKind = { ext: 'jpg', mime: 'image/jpeg', inline: true, extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] };
const PNG: FileKind = { ext: 'png', mime: 'image/png', inline: true, extensions: ['png'] };
const WEBP: FileKind = { ext: 'webp', mime: 'image/webp', inline: true, extensions: ['webp'] };
// Browsers barely show HEIC/HEIF, so they are downloads; both brands keep their own type.
const HEIC: FileKind = { ext: 'heic', mime: 'image/heic', inline: false, extensions: ['heic', 'heif'] };
const HEIF: FileKind = { ...HEIC, mime: 'image/heif' };
const PDF: FileKind = { ext: 'pdf', mime: 'application/pdf', inline: false, extensions: ['pdf'] };
const DOC: FileKind = { ext: 'doc', mime: 'application/msword', inline: false, extensions: ['doc', 'dot'] };
const DOCX: FileKind = {
  ext: 'docx',
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  inline: false,
  extensions: ['docx'],
};

/**
 * The content types file-type reports that we take, and what we store them as. Everything else (HTML, SVG,
 * scripts, executables, archives, macro-enabled Office files, text) is refused. An OLE2 compound file is
 * taken as a Word 97–2003 document: that container is what .doc is, and it is only ever served as a download.
 */
const BY_DETECTED_MIME: ReadonlyMap<string, FileKind> = new Map([
  ['image/jpeg', JPEG],
  ['image/png', PNG],
  ['image/apng', PNG],
  ['image/webp', WEBP],
  ['image/heic', HEIC],
  ['image/heif', HEIF],
  ['application/pdf', PDF],
  ['application/x-cfb', DOC],
  [DOCX.mime, DOCX],
]);

const BY_STORED_MIME: ReadonlyMap<string, FileKind> = new Map([JPEG, PNG, WEBP, HEIC, HEIF, PDF, DOC, DOCX].map((k) => [k.mime, k]));

/** Decides a file's kind from its content (magic bytes, container structure), never from its name or the client's type. */
export async function detectKind(path: string): Promise<FileKind | undefined> {
  const detected = await fileTypeFromFile(path);
  return detected ? BY_DETECTED_MIME.get(detected.mime) : undefined;
}

/** The kind of a stored upload by its recorded type; unknown types are served as opaque downloads. */
export function kindOfStored(mime: string): FileKind {
  return BY_STORED_MIME.get(mime) ?? { ext: 'bin', mime: 'application/octet-stream', inline: false, extensions: [] };
}
