import { useEffect, useRef } from 'react';
import type { QuoteView } from '#domain/views.ts';
import { keepMyQuoteEdit, QUOTE_EDIT_FIELDS, sameAsShown, shownValue, takeTheirQuote, type QuoteEdit, type QuoteEditField } from '../../../offline/admin-quote-commands.ts';
import type { OutboxItem } from '../../../offline/db.ts';
import { dayLabel, moment, pounds } from '../format.ts';
import { codeWords } from '../parts.tsx';

/** The form's names for the fields, as the card's conflict names them. */
const LABELS: Record<QuoteEditField, string> = {
  estimatedCost: 'Estimated cost',
  scope: 'What the price includes',
  quoteStatus: 'Status',
  priority: 'Priority',
  followUpDate: 'Follow-up date',
  notes: 'Notes',
};

/** A field's value as a person reads it; none as 'None'. */
function readable(field: QuoteEditField, value: string): string {
  if (value === '') return field === 'estimatedCost' ? 'Not set' : 'None';
  if (field === 'estimatedCost') return pounds(value);
  if (field === 'followUpDate') return dayLabel(value);
  if (field === 'quoteStatus' || field === 'priority') return codeWords(value);
  return value;
}

/**
 * The fields of an edit that the server's quote now has otherwise, of those changed meanwhile (`changed`: the server's
 * list, or the fields that differ from the version the edit was made on): what the admin chooses between.
 */
export function clashingFields(mine: Partial<QuoteEdit>, theirs: QuoteView, changed: readonly string[]): QuoteEditField[] {
  return (Object.keys(mine) as QuoteEditField[]).filter((field) => field in LABELS && changed.includes(field) && !sameAsShown(theirs, field, mine[field]));
}

/**
 * Both versions of the fields an edit and the other device's change both set, side by side ("Your change", "On the
 * server now"), as a job's conflicts show them.
 */
export function QuoteVersions({ fields, mine, theirs }: { fields: readonly QuoteEditField[]; mine: Partial<QuoteEdit>; theirs: QuoteView }) {
  const column = (title: string, value: (field: QuoteEditField) => string, when?: string) => (
    <div className="admin-version">
      <p className="admin-version__title">{title}</p>
      <dl className="admin-version__fields">
        {fields.map((field) => (
          <div key={field}>
            <dt>{LABELS[field]}</dt>
            <dd className="admin-notes__text">{readable(field, value(field))}</dd>
          </div>
        ))}
      </dl>
      {when ? <p className="admin-version__when">{when}</p> : null}
    </div>
  );
  return (
    <div className="admin-versions">
      {column('Your change', (field) => (mine[field] ?? '').trim())}
      {column('On the server now', (field) => shownValue(theirs, field), `changed ${moment(theirs.updatedAt)}`)}
    </div>
  );
}

/** An edit's fields as the admin typed them, one column ("Your change"): what a change that can no longer land held. */
export function YourChange({ mine }: { mine: Partial<QuoteEdit> }) {
  const fields = QUOTE_EDIT_FIELDS.filter((field) => field in mine);
  if (fields.length === 0) return null;
  return (
    <div className="admin-versions">
      <div className="admin-version">
        <p className="admin-version__title">Your change</p>
        <dl className="admin-version__fields">
          {fields.map((field) => (
            <div key={field}>
              <dt>{LABELS[field]}</dt>
              <dd className="admin-notes__text">{readable(field, (mine[field] ?? '').trim())}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/**
 * A queued edit the server refused because a field it sets was changed on another device meanwhile (409), on the
 * quote's card: both versions, and the admin's choice — keep theirs (sent again on the server's version) or take the
 * server's (their edit dropped). Focus moves to it when it appears, as a job's conflict does.
 */
export function QuoteConflictPanel({ item, theirs }: { item: OutboxItem; theirs: QuoteView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!(document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement)) heading.current?.focus();
  }, [item.id]);
  const mine = Object.fromEntries(Object.entries(item.body).filter(([field]) => field in LABELS)) as Partial<QuoteEdit>;
  // The server names the fields changed meanwhile; without its list, every field of the edit the quote has otherwise.
  const fields = clashingFields(mine, theirs, item.error?.changed ?? Object.keys(mine));
  const id = `quote-conflict-${item.id}`;
  return (
    <section className="admin-problem" aria-labelledby={id}>
      <h4 id={id} ref={heading} tabIndex={-1}>
        Changed elsewhere meanwhile
      </h4>
      <p>This quote was changed on another device after this one last saw it. Which should it keep?</p>
      <QuoteVersions fields={fields} mine={mine} theirs={theirs} />
      <div className="admin-actions">
        <button type="button" className="btn btn--primary admin-btn" onClick={() => void keepMyQuoteEdit(item, theirs)}>
          Keep my changes
        </button>
        <button type="button" className="btn btn--secondary admin-btn" onClick={() => void takeTheirQuote(item, theirs)}>
          Take the server&rsquo;s
        </button>
      </div>
    </section>
  );
}
