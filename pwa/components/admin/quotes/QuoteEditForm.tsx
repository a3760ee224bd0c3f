import { useCallback, useEffect, useRef, useState } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { quoteNewsForCustomer } from '#domain/notices.ts';
import { LIMITS } from '#domain/limits.ts';
import { londonDay, quoteUpdateSchema } from '#domain/schemas/date-window.ts';
import { keptPrice } from '#domain/schemas/quote.ts';
import type { QuoteView } from '#domain/views.ts';
import { useEscapeToClose } from '../../../lib/escape-close.ts';
import { dropQuoteDraft, keepQuoteDraft, quoteDraft } from './quote-draft.ts';
import { useForm } from '../../../lib/form.ts';
import type { FormOutcome, FormSchema } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { editedFields, QUOTE_EDIT_FIELDS, sameAsShown, shownValue, updateQuote } from '../../../offline/admin-quote-commands.ts';
import { isQuote } from '../../../offline/record-copy.ts';
import type { QuoteEdit, QuoteEditField } from '../../../offline/admin-quote-commands.ts';
import { Field } from '../../ui/Field.tsx';
import { useAdmin } from '../context.ts';
import { goesWhen } from '../goes-when.ts';
import { DiscardQuestion, SubmitRow } from '../parts.tsx';
import { clashingFields, QuoteVersions } from './QuoteConflict.tsx';
import { noMailSentence } from './no-mail.ts';

const FIELDS = ['estimatedCost', 'scope', 'quoteStatus', 'priority', 'followUpDate', 'notes'] as const;
type F = (typeof FIELDS)[number];

// Imported with the portal, not on first use: the tablet may be offline by the time the form is opened.
const loadSchema = async (): Promise<FormSchema> => quoteUpdateSchema(londonDay(new Date()));

/** The fields that differ between two versions of a quote. */
const changedFrom = (before: QuoteView, after: QuoteView): QuoteEditField[] => QUOTE_EDIT_FIELDS.filter((field) => !sameAsShown(after, field, shownValue(before, field)));

/**
 * Edit Quote (seed point 2): notes, the estimate in pounds, status, priority and follow-up date, checked with the
 * server's own schema; the seed's 'Quote Updated' and 'Failed to update quote'. Offline it is kept and sent later.
 * Only the fields the admin changed are sent, on the version the form showed: one of them changed on another device
 * meanwhile (the device's copy brought it in, or the server refuses with 409) shows both versions, the admin's text
 * kept in the form, to keep theirs (saved again) or take the server's (the form closes).
 */
export function QuoteEditForm({ quote, gone = false, onDone: close }: { quote: QuoteView; gone?: boolean; onDone: () => void }) {
  const { user } = useAdmin();
  const first = useRef<HTMLInputElement>(null);
  // What was typed here before the admin looked at another tab (quote-draft.ts), with the versions it was typed on.
  const [draft] = useState(() => quoteDraft(quote.id));
  // The quote as the form opened on it (what the admin changed is told from it), and the version they last saw.
  const opened = useRef(draft?.opened ?? quote);
  const seen = useRef(draft?.seen ?? quote);
  // Saved, cancelled, or the server's taken: the draft ends with the form.
  const onDone = useCallback(() => {
    dropQuoteDraft(quote.id);
    close();
  }, [quote.id, close]);
  const [conflict, setConflict] = useState<{ fields: QuoteEditField[]; mine: Partial<QuoteEdit>; theirs: QuoteView } | null>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  const onValid = useCallback(
    async (values: Record<F, string>): Promise<FormOutcome<F>> => {
      const edit = editedFields(opened.current, values as QuoteEdit);
      // Saved with nothing changed: the form closes, and nothing is sent (an empty edit, queued, still counted a step in
      // the device's count of this quote's versions, ADR 030).
      if (Object.keys(edit).length === 0) {
        void toast.info('Nothing to save', `${personName(quote)}: the quote is as it was.`);
        onDone();
        return { kind: 'sent', message: '' };
      }
      // The device's copy brought in a change made elsewhere to a field the admin changed too, while the form was open.
      if (quote.version > seen.current.version) {
        const fields = clashingFields(edit, quote, changedFrom(seen.current, quote));
        seen.current = quote;
        if (fields.length > 0) {
          setConflict({ fields, mine: edit, theirs: quote });
          return { kind: 'failed', message: '' };
        }
      }
      setConflict(null);
      const outcome = await updateQuote(seen.current, edit, user.id);
      if (outcome.kind === 'refused' && outcome.status === 409 && isQuote(outcome.current)) {
        // Changed on another device meanwhile: the card shows theirs (the refusal put it into the device's copy), the
        // form keeps the admin's, and they choose.
        const clash = clashingFields(edit, outcome.current, changedFrom(seen.current, outcome.current));
        const fields = clash.length > 0 ? clash : clashingFields(edit, outcome.current, Object.keys(edit));
        seen.current = outcome.current;
        setConflict({ fields, mine: edit, theirs: outcome.current });
        return { kind: 'failed', message: '' };
      }
      const { told, hint } = customerNews(quote, values);
      switch (outcome.kind) {
        case 'sent':
          void toast.success('Quote Updated', `${personName(quote)}: saved.${told}${hint}`);
          onDone();
          return { kind: 'sent', message: 'Quote Updated' };
        case 'queued':
          void toast.info('Saved on this device', `${personName(quote)}: the quote shows your changes now; they are sent ${goesWhen(outcome.why)}.${told}${hint}`);
          onDone();
          return { kind: 'saved', message: 'Saved on this device' };
        case 'refused':
          void toast.error('Failed to update quote', outcome.message);
          if (outcome.status === 400 && Object.keys(outcome.fields).length > 0) return { kind: 'invalid', fields: outcome.fields };
          return { kind: 'failed', message: outcome.message };
        case 'failed':
          void toast.error('Failed to update quote', outcome.message);
          return { kind: 'failed', message: outcome.message };
      }
    },
    [onDone, quote, user.id],
  );
  const { errors, status, sending, formProps, fill } = useForm({ fields: FIELDS, loadSchema, onValid, keep: true });
  // What saving would tell the customer, said before the press (it was said only in the toast after, the mail gone).
  const [ahead, setAhead] = useState('');
  const lookAhead = useCallback(
    (form: HTMLFormElement | null) => {
      if (!form) return;
      const data = new FormData(form);
      const read = (name: string) => String(data.get(name) ?? '');
      setAhead(customerNews(quote, { quoteStatus: read('quoteStatus'), estimatedCost: read('estimatedCost'), scope: read('scope') }).ahead);
    },
    [quote],
  );
  const formEl = formProps.ref;
  useEffect(() => {
    if (draft) fill(draft.values);
  }, [draft, fill]);
  // As the form opens (with a draft's values) and as the quote changes under it; typing is heard by onInput.
  useEffect(() => lookAhead(formEl.current), [lookAhead, formEl]);
  // Escape is Cancel, but asks first when something was changed.
  const escape = useEscapeToClose(onDone);
  // The whole id: two quotes made in the same minute share their first 8 digits (and two forms may be open).
  const form = `quote-${quote.id}`;
  return (
    <form
      className="form-grid admin-form admin-quote-edit"
      aria-label={`Edit quote for ${personName(quote)}`}
      {...formProps}
      onInput={(event) => {
        formProps.onInput();
        keepQuoteDraft(quote.id, event.currentTarget, opened.current, seen.current);
        lookAhead(event.currentTarget);
      }}
      onKeyDown={escape.onKeyDown}
    >
      {/* Whose quote this is, beside the fields: on a phone the card's own heading has scrolled away by now. */}
      <p className="admin-quote-edit__whose field--full" aria-hidden="true">
        Editing the quote for {personName(quote)}
      </p>
      <Field form={form} name="estimatedCost" label="Estimated cost (£)" error={errors.estimatedCost} hint={`In pounds (${BUSINESS.priceIncludes}), like 450 or 450.00; needed before the status can be Quoted`}>
        {(p) => <input {...p} ref={first} inputMode="decimal" maxLength={LIMITS.estimatedCost} defaultValue={quote.estimatedCost ?? ''} autoComplete="off" />}
      </Field>
      <Field
        form={form}
        name="scope"
        label="What the price includes"
        error={errors.scope}
        hint="The customer sees this with the price, in the portal and the email; the notes below are yours alone"
        full
      >
        {(p) => <textarea {...p} rows={3} maxLength={LIMITS.scope} defaultValue={quote.scope ?? ''} />}
      </Field>
      <Field form={form} name="quoteStatus" label="Status" error={errors.quoteStatus}>
        {(p) => (
          <select {...p} defaultValue={quote.quoteStatus}>
            <option value="pending">Pending</option>
            <option value="quoted">Quoted</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
          </select>
        )}
      </Field>
      <Field form={form} name="priority" label="Priority" error={errors.priority}>
        {(p) => (
          <select {...p} defaultValue={quote.priority}>
            <option value="low">Low</option>
            <option value="medium">Medium</option>
            <option value="high">High</option>
          </select>
        )}
      </Field>
      <Field form={form} name="followUpDate" label="Follow-up date" error={errors.followUpDate}>
        {(p) => <input {...p} type="date" defaultValue={quote.followUpDate ?? ''} />}
      </Field>
      <Field form={form} name="notes" label="Notes (yours alone)" error={errors.notes} full>
        {(p) => <textarea {...p} rows={3} maxLength={LIMITS.notes} defaultValue={quote.notes ?? ''} />}
      </Field>
      {conflict ? (
        <div className="admin-warning admin-quote-edit__theirs field--full" role="alert">
          <p>
            <strong>Changed on another device meanwhile.</strong> Which should the quote keep?
          </p>
          <QuoteVersions fields={conflict.fields} mine={conflict.mine} theirs={conflict.theirs} />
          <div className="admin-actions">
            <button type="submit" className="btn btn--primary admin-btn">
              Keep my changes
            </button>
            <button type="button" className="btn btn--secondary admin-btn" onClick={onDone}>
              Take the server&rsquo;s
            </button>
          </div>
        </div>
      ) : null}
      {/* In the page while empty (out of the grid), so that it is read out as it fills. */}
      <p className="admin-quote-edit__news field--full form-live" role="status">
        {ahead}
      </p>
      {escape.asking ? <DiscardQuestion onDiscard={escape.discard} onKeep={escape.keep} /> : null}
      {/* Deleted on another device (the card says so, with Close): the text stays to be copied, nothing to save it to. */}
      {gone ? null : (
        <SubmitRow label="Save quote" busyLabel="Saving…" sending={sending} status={status}>
          {/* Asks first when something was changed, as Escape does (it threw a half-priced quote away unasked). */}
          <button type="button" className="btn btn--secondary admin-btn" onClick={(event) => escape.cancel(event.currentTarget, event.currentTarget.form)}>
            Cancel
          </button>
        </SubmitRow>
      )}
    </form>
  );
}

/**
 * What saving a quote's values tells its customer (the server's rule, domain/notices.ts): marked Quoted, they are mailed
 * the price; a new price while it waits for their answer, the new one; a price on a pending quote goes nowhere yet. In
 * words for the form before the press (`ahead`), and for the toast after (`told`, `hint`). With no address nothing goes:
 * the electrician rings them. Nothing is said of a price the form's checks will refuse (empty, or not an amount).
 */
function customerNews(quote: QuoteView, values: { quoteStatus: string; estimatedCost: string; scope?: string }): { ahead: string; told: string; hint: string } {
  const none = { ahead: '', told: '', hint: '' };
  const estimatedCost = keptPrice(values.estimatedCost);
  if (values.estimatedCost.trim() !== '' && !estimatedCost) return none;
  const news = quoteNewsForCustomer(quote, { quoteStatus: values.quoteStatus, estimatedCost });
  const who = quote.firstName || 'The customer';
  const price = news === 'ready' ? 'the price' : 'the new price';
  if (!news) {
    // A price on a pending quote: how it reaches them.
    if (values.quoteStatus !== 'pending' || !estimatedCost) return none;
    const hint = quote.email
      ? 'To send the price to the customer, set the status to Quoted.'
      : quote.phone
        ? `${who} left no email address: ring ${quote.phone} with the price, and set the status to Quoted.`
        : '';
    return { ahead: hint, told: '', hint: hint && ` ${hint}` };
  }
  if (!estimatedCost) return none;
  if (quote.email) {
    // The mail shows what the price includes under it: written after the mail has gone, it reaches the portal only.
    const bare = news === 'ready' && values.scope !== undefined && values.scope.trim() === '' ? ' Nothing is written under What the price includes yet.' : '';
    return { ahead: `Saving emails ${quote.firstName || 'the customer'} ${price}.${bare}`, told: ` ${who} gets an email with ${price}.`, hint: '' };
  }
  const unsent = noMailSentence(quote, `with ${price}`);
  return { ahead: unsent, told: quote.phone ? ` ${unsent}` : '', hint: '' };
}
