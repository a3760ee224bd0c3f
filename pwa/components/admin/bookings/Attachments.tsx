import { Icon } from '../../ui/Icon.tsx';

type File = { filename: string; originalname: string; size: number };

/** The files of a job or quote (JSON text, the seed's format), as links; the seed's words when it cannot be read. */
export function Attachments({ json }: { json: string | null }) {
  if (!json) return null;
  let files: File[];
  try {
    files = (JSON.parse(json) as File[]).filter((file) => file && typeof file.filename === 'string');
  } catch {
    return <p className="admin-muted">Error loading attachments</p>;
  }
  if (files.length === 0) return null;
  return (
    <ul className="admin-files" aria-label="Attachments">
      {files.map((file) => (
        <li key={file.filename}>
          {file.filename ? (
            <a href={`/uploads/${encodeURIComponent(file.filename)}`} target="_blank" rel="noopener noreferrer">
              <Icon name="external" size={16} />
              {file.originalname} <span className="admin-muted">({size(file.size)})</span>
            </a>
          ) : (
            <span>
              {file.originalname} <span className="admin-muted">(waiting to upload)</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
