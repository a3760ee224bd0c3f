import type { Attachment } from '#domain/schemas/fields.ts';
import { formatSize, readAttachments } from '../../lib/files.ts';
import './message-files.css';

/**
 * A chat message's files, under its text: links that open them (a file still on the device, with the message
 * waiting to be sent, is named without one). Nothing when there are none.
 */
export function MessageFiles({ text }: { text: string | null }) {
  const files = readAttachments(text);
  if (files === null) return null;
  if (files === 'unreadable') return <p className="field__error">Error loading attachments</p>;
  return <FileLinks files={files} className="message-files" label="Files" goesWith="the message" />;
}

/**
 * Stored files as links that open them (`/uploads/{filename}`, served to their owner and the admin only), each with
 * its size; a file still on the device is named without a link, saying what it goes with.
 */
export function FileLinks({ files, className, label, goesWith }: { files: readonly Attachment[]; className?: string; label?: string; goesWith: string }) {
  return (
    <ul className={className} aria-label={label}>
      {files.map((file, index) => (
        <li key={`${file.filename}-${index}`}>
          {file.filename ? (
            <a href={`/uploads/${encodeURIComponent(file.filename)}`} target="_blank" rel="noopener noreferrer">
              {file.originalname}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <span>
              {file.originalname} (on this device, goes with {goesWith})
            </span>
          )}{' '}
          <span className="portal-muted">{formatSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}
