import { MAX_UPLOAD_BYTES } from '#domain/limits.ts';
import type { Attachment as AttachmentView } from '#domain/schemas/fields.ts';

/** What a file picker offers (seed: images, PDF, doc, docx); the server checks each file's content again. */
export const ACCEPT =
  'image/jpeg,image/png,image/webp,image/heic,.heic,.jpg,.jpeg,.png,.webp,application/pdf,.pdf,.doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const KNOWN = /\.(jpe?g|png|webp|heic|pdf|docx?)$/i;

/** Bytes as people read them: "820 KB", "4.2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  // Rounded up, so a file just over a 10 MB limit never reads as "10.0 MB".
  return `${(Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1)} MB`;
}

/** Why a picked file is not taken, or null when it is fine. Checked on the device before anything is queued. */
export function fileProblem(file: File): string | null {
  if (!KNOWN.test(file.name)) return `${file.name} is not a photo, PDF or Word document, so we cannot take it.`;
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
