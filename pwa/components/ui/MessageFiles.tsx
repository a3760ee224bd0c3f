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
  return (
    <ul className="message-files" aria-label="Files">
      {files.map((file, index) => (
        <li key={`${file.filename}-${index}`}>
          {file.filename ? (
            <a href={`/uploads/${encodeURIComponent(file.filename)}`} target="_blank" rel="noopener noreferrer">
              {file.originalname}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <span>{file.originalname} (on this device, goes with the message)</span>
          )}{' '}
          <span className="portal-muted">{formatSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}
