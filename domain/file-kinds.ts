/**
 * The kinds of file we take (seed point 5: images, PDF, doc, docx), as the server stores and serves them and as a
 * device checks a picked file before anything is queued: one list, so neither turns away what the other takes.
 */
export type FileKind = {
  /** The canonical extension of stored names (`<32 hex>.<ext>`). */
  ext: string;
  /** Stored with the upload and sent as Content-Type. */
  mime: string;
  /** Images a browser shows safely are served inline; everything else as a download. */
  inline: boolean;
  /** The names it comes under; a download name with any other gets `.<ext>` appended. */
  extensions: readonly string[];
};

/** What the error messages say is accepted. */
export const ACCEPTED_DESCRIPTION = 'JPEG, PNG, WebP, HEIC, PDF, DOC or DOCX';

export const JPEG: FileKind = { ext: 'jpg', mime: 'image/jpeg', inline: true, extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] };
export const PNG: FileKind = { ext: 'png', mime: 'image/png', inline: true, extensions: ['png'] };
export const WEBP: FileKind = { ext: 'webp', mime: 'image/webp', inline: true, extensions: ['webp'] };
// Browsers barely show HEIC/HEIF, so they are downloads; both brands keep their own type.
export const HEIC: FileKind = { ext: 'heic', mime: 'image/heic', inline: false, extensions: ['heic', 'heif'] };
export const HEIF: FileKind = { ...HEIC, mime: 'image/heif' };
export const PDF: FileKind = { ext: 'pdf', mime: 'application/pdf', inline: false, extensions: ['pdf'] };
export const DOC: FileKind = { ext: 'doc', mime: 'application/msword', inline: false, extensions: ['doc', 'dot'] };
export const DOCX: FileKind = {
  ext: 'docx',
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  inline: false,
  extensions: ['docx'],
};

/** Every kind taken, one for each type stored. */
export const ACCEPTED_KINDS: readonly FileKind[] = [JPEG, PNG, WEBP, HEIC, HEIF, PDF, DOC, DOCX];
