import { useRef, useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { ACCEPT, MAX_FILES, fileProblem } from './manual-booking.ts';

/**
 * Photos and documents for a job: images, PDF, Word; several at once, or one after another (a photo at a time
 * from the camera); each up to 10 MB, said before anything is sent. Chosen files are listed with Remove.
 */
export function FilePicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const add = (chosen: FileList | null) => {
    const list = Array.from(chosen ?? []);
    const refused = list.map(fileProblem).filter((p): p is string => p !== null);
    const fine = list.filter((file) => fileProblem(file) === null);
    const next = [...files, ...fine].slice(0, MAX_FILES);
    const tooMany = files.length + fine.length > MAX_FILES ? [`At most ${MAX_FILES} files per job`] : [];
    setProblem([...refused, ...tooMany].join('. ') || null);
    onChange(next);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="field field--full admin-files-field">
      <label htmlFor="manual-files">Photos and documents</label>
      <p id="manual-files-hint" className="field__hint">
        Images, PDF, doc or docx; several at once; max 10MB each.
      </p>
      <input
        ref={input}
        id="manual-files"
        type="file"
        multiple
        accept={ACCEPT}
        aria-describedby={problem ? 'manual-files-hint manual-files-error' : 'manual-files-hint'}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => add(event.target.files)}
      />
      {problem ? (
        <p id="manual-files-error" className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="admin-chosen">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Icon name="clipboard" size={18} />
              <span className="admin-chosen__name">{file.name}</span>
              <span className="admin-muted">{Math.max(1, Math.round(file.size / 1024))} KB</span>
              <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => onChange(files.filter((_, i) => i !== index))}>
                Remove<span className="visually-hidden"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
