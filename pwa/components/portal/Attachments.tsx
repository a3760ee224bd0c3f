import { formatSize, readAttachments } from '../../lib/files.ts';

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
