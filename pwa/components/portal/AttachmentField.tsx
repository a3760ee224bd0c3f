import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { LIMITS, MAX_UPLOAD_BYTES } from '#domain/limits.ts';
import { formatSize } from './format.ts';

/** What the file picker offers (seed: images, PDF, doc, docx); the server checks each file's content again. */
export const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,.heic,.jpg,.jpeg,.png,.webp,application/pdf,.pdf,.doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const KNOWN = /\.(jpe?g|png|webp|heic|pdf|docx?)$/i;

/** Why a picked file is not taken, or null when it is fine. Checked on the device before anything is queued. */
export function fileProblem(file: File): string | null {
  if (!KNOWN.test(file.name)) return `${file.name} is not a photo, PDF or Word document, so we cannot take it.`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is ${formatSize(file.size)}, over the limit of 10 MB for each file. Please pick a smaller one.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/**
 * The booking's attachments (seed: images, PDF, doc, docx; several; max 10 MB each). Each picked file is checked
 * here first: one that is too big or of another kind is not added, and the reason is read out. Picked files are
 * listed with their size and can be removed.
 */
export function AttachmentField({ files, onChange }: { files: readonly File[]; onChange: (files: File[]) => void }) {
  const id = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const found: string[] = [];
    const next = [...files];
    for (const file of picked) {
      const problem = fileProblem(file);
      if (problem) found.push(problem);
      else if (next.length >= LIMITS.attachments) found.push(`${file.name}: at most ${LIMITS.attachments} files per booking.`);
      else if (!next.some((f) => f.name === file.name && f.size === file.size)) next.push(file);
    }
    setProblems(found);
    onChange(next);
  };
  return (
    <div className="field field--full portal-files">
      <label htmlFor={`${id}-input`}>Photos and documents</label>
      <p id={`${id}-hint`} className="field__hint">
        Photos, PDF or Word documents; several at once; at most 10 MB each.
      </p>
      <input id={`${id}-input`} type="file" multiple accept={ACCEPT} aria-describedby={`${id}-hint${problems.length > 0 ? ` ${id}-problems` : ''}`} onChange={pick} />
      <div id={`${id}-problems`} role="alert">
        {problems.map((problem) => (
          <p key={problem} className="field__error">
            {problem}
          </p>
        ))}
      </div>
      {files.length > 0 ? (
        <ul className="portal-files__list" aria-label="Files to send">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}`}>
              <span>
                {file.name} <span className="portal-muted">({formatSize(file.size)})</span>
              </span>
              <button type="button" className="btn btn--secondary btn--small" onClick={() => onChange(files.filter((_, i) => i !== index))}>
                Remove<span className="visually-hidden"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
