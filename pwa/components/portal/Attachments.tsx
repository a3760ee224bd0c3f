import type { Attachment as AttachmentView } from '#domain/schemas/fields.ts';
import { formatSize } from '../../lib/files.ts';

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
 * A booking's files as links that open them (`/uploads/{filename}`, served to their owner and the admin only).
 * A file still on the device (the booking waits to be sent) is named without a link; a broken list says so
 * (seed point 8: 'Error loading attachments').
 */
export function Attachments({ text }: { text: string | null }) {
  const files = readAttachments(text);
  if (files === null) return null;
  if (files === 'unreadable') return <p className="field__error">Error loading attachments</p>;
  return (
    <div className="portal-attachments">
      <h4>Files</h4>
      <ul>
        {files.map((file, index) => (
          <li key={`${file.filename}-${index}`}>
            {file.filename ? (
              <a href={`/uploads/${encodeURIComponent(file.filename)}`} target="_blank" rel="noopener noreferrer">
                {file.originalname}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <span>{file.originalname} (on this device, goes with the booking)</span>
            )}{' '}
            <span className="portal-muted">{formatSize(file.size)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
