import { ACCEPTED_KINDS } from '#domain/file-kinds.ts';
import { MAX_UPLOAD_BYTES } from '#domain/limits.ts';
import type { Attachment as AttachmentView } from '#domain/schemas/fields.ts';
import { toast } from './toast.ts';
import type { ToastPlace } from './toast.ts';

/** The names and types the server takes (and checks again by each file's content), for the device's own check. */
const KNOWN_NAMES: ReadonlySet<string> = new Set(ACCEPTED_KINDS.flatMap((kind) => kind.extensions));
const KNOWN_TYPES: ReadonlySet<string> = new Set(ACCEPTED_KINDS.map((kind) => kind.mime));

/** What a file picker offers (seed: images, PDF, doc, docx). */
export const ACCEPT = [...KNOWN_TYPES, ...[...KNOWN_NAMES].map((ext) => `.${ext}`)].join(',');

/** Bytes as people read them: "820 KB", "4.2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  // Rounded up, so a file just over a 10 MB limit never reads as "10.0 MB".
  return `${(Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1)} MB`;
}

/** Why a picked file is not taken, or null when it is fine. Checked on the device before anything is queued. */
export function fileProblem(file: File): string | null {
  // By its name, or (a photo shared from another app, named without one) by the type the device knows it to be.
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!KNOWN_NAMES.has(extension) && !KNOWN_TYPES.has(file.type)) return `${file.name} is not a photo, PDF or Word document, so we cannot take it.`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is ${formatSize(file.size)}, over the limit of 10 MB for each file. Please pick a smaller one.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** A record's `attachments` (JSON text of the uploaded files), read safely: null when there are none, 'unreadable' when broken. */
export function readAttachments(text: string | null): AttachmentView[] | null | 'unreadable' {
  if (!text) return null;
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return 'unreadable';
    const files = list.filter((f): f is AttachmentView => typeof f === 'object' && f !== null && typeof (f as AttachmentView).originalname === 'string');
    return files.length > 0 ? files : null;
  } catch {
    return 'unreadable';
  }
}

/**
 * Says a refusal of a file's upload in the seed's words ('Upload Failed': 'File upload failed', then why) and answers
 * true; false for any other refusal. A file too large (413) or not of a kind we take (415): the call a file goes with
 * is JSON and meets neither.
 */
export function toastIfUploadRefused(refusal: { status: number; message: string }, place?: ToastPlace): boolean {
  if (refusal.status !== 413 && refusal.status !== 415) return false;
  void toast.error('Upload Failed', `File upload failed: ${refusal.message}`, place);
  return true;
}
