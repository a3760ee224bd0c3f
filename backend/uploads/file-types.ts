import { fileTypeFromFile } from 'file-type';
import { ACCEPTED_KINDS, DOC, DOCX, HEIC, HEIF, JPEG, PDF, PNG, WEBP } from '#domain/file-kinds.ts';
import type { FileKind } from '#domain/file-kinds.ts';

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

const BY_STORED_MIME: ReadonlyMap<string, FileKind> = new Map(ACCEPTED_KINDS.map((k) => [k.mime, k]));

/** Decides a file's kind from its content (magic bytes, container structure), never from its name or the client's type. */
export async function detectKind(path: string): Promise<FileKind | undefined> {
  const detected = await fileTypeFromFile(path);
  return detected ? BY_DETECTED_MIME.get(detected.mime) : undefined;
}

/** The kind of a stored upload by its recorded type; unknown types are served as opaque downloads. */
export function kindOfStored(mime: string): FileKind {
  return BY_STORED_MIME.get(mime) ?? { ext: 'bin', mime: 'application/octet-stream', inline: false, extensions: [] };
}
