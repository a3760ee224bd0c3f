import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { LIMITS } from '#domain/limits.ts';
import { ACCEPT, fileProblem, formatSize } from '../../lib/files.ts';
import './attachment-field.css';

/**
 * A booking's or job's attachments, for the customer's and the admin's forms (seed: images, PDF, doc, docx;
 * several; max 10 MB each). Each picked file is checked here first: one that is too big or of another kind is
 * not added, and the reason is read out. What was added is said too ("2 files added"). Picked files are listed with
 * their size and can be removed; the focus then goes to the next Remove button, or back to the picker.
 */
export function AttachmentField({
  files,
  onChange,
  per = 'booking',
  label = 'Photos and documents',
  compact = false,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  per?: 'booking' | 'job' | 'message';
  label?: string;
  /** A chat's: a button-sized picker, its hint read out rather than shown, so the message box and Send stay close. */
  compact?: boolean;
}) {
  const id = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [added, setAdded] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The row whose Remove was pressed: once the list without it is drawn, the focus goes to the Remove now there.
  const removed = useRef<number | null>(null);
  useEffect(() => {
    if (removed.current === null) return;
    const index = removed.current;
    removed.current = null;
    (list.current?.querySelectorAll('button')[index] ?? input.current)?.focus();
  }, [files]);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const found: string[] = [];
    const next = [...files];
    for (const file of picked) {
      const problem = fileProblem(file);
      if (problem) found.push(problem);
      else if (next.length >= LIMITS.attachments) found.push(`${file.name}: at most ${LIMITS.attachments} files per ${per}.`);
      else if (!next.some((f) => f.name === file.name && f.size === file.size)) next.push(file);
    }
    setProblems(found);
    onChange(next);
    // Emptied first, so the same words a second time are said again.
    const count = next.length - files.length;
    setAdded('');
    if (count > 0) setTimeout(() => setAdded(`${count} ${count === 1 ? 'file' : 'files'} added`), 50);
  };
  // The button pressed goes with its file: the focus goes to the next Remove button, else to the picker, not the body.
  const remove = (index: number) => {
    setAdded('');
    removed.current = index;
    onChange(files.filter((_, i) => i !== index));
  };
  return (
    <div className={`field field--full attachment-field${compact ? ' attachment-field--compact' : ''}`}>
      <label htmlFor={`${id}-input`} className={compact ? 'btn btn--secondary btn--small attachment-field__pick' : undefined}>
        {label}
      </label>
      <p id={`${id}-hint`} className={compact ? 'visually-hidden' : 'field__hint'}>
        Photos, PDF or Word documents; several at once; at most 10 MB each.
      </p>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        multiple
        accept={ACCEPT}
        className={compact ? 'visually-hidden' : undefined}
        aria-describedby={`${id}-hint${problems.length > 0 ? ` ${id}-problems` : ''}`}
        onChange={pick}
      />
      <div id={`${id}-problems`} role="alert">
        {problems.map((problem) => (
          <p key={problem} className="field__error">
            {problem}
          </p>
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {added}
      </p>
      {files.length > 0 ? (
        <ul ref={list} className="attachment-field__list" aria-label="Files to send">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}`}>
              <span>
                {file.name} <span className="attachment-field__size">({formatSize(file.size)})</span>
              </span>
              <button type="button" className="btn btn--secondary btn--small" onClick={() => remove(index)}>
                Remove<span className="visually-hidden"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
