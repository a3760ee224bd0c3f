import { useCallback, useEffect, useRef, useState } from 'react';
import { PORTAL_SERVICE_TYPES } from '#domain/content/service-types.ts';
import { lastCustomerDay } from '#domain/days.ts';
import { LIMITS } from '#domain/limits.ts';
import { bookingRequestSchema, londonDay } from '#domain/schemas/date-window.ts';
import type { BookingView, QuoteView } from '#domain/views.ts';
import { ADDRESS_HINT } from '../../../lib/booking-fields.ts';
import { useEscapeToClose } from '../../../lib/escape-close.ts';
import { toastIfUploadRefused } from '../../../lib/files.ts';
import { useForm } from '../../../lib/form.ts';
import type { FormOutcome, FormSchema } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { newQuote } from '../../../offline/admin-quote-commands.ts';
import { AttachmentField } from '../../ui/AttachmentField.tsx';
import { Field } from '../../ui/Field.tsx';
import { ReachFields, useKnownPerson } from '../bookings/KnownPerson.tsx';
import { useAdmin } from '../context.ts';
import { draftKeeper } from '../form-draft-kept.ts';
import type { DraftKeeper } from '../form-draft-kept.ts';
import { goesWhen } from '../goes-when.ts';
import { DiscardQuestion, ScreenHead, SubmitRow } from '../parts.tsx';
import { useToday } from '../format.ts';

const FIELDS = ['firstName', 'lastName', 'phone', 'email', 'serviceType', 'preferredDate', 'address', 'description'] as const;
type NewQuoteField = (typeof FIELDS)[number];

const keepers = new Map<string, DraftKeeper>();

/**
 * What was typed into New quote and not sent (form-draft-kept.ts): the one of To Be Quoted, or the one for a contact
 * (opened from their page), each its own, so a request half typed for one customer never opens under another's name.
 */
export function newQuoteDraft(contact?: string): DraftKeeper {
  const name = contact ? `new-quote:${contact}` : 'new-quote';
  let keeper = keepers.get(name);
  if (!keeper) keepers.set(name, (keeper = draftKeeper(name)));
  return keeper;
}

/** The person a New quote opened from a contact's page starts with (their details as the tablet has them). */
export type QuoteFor = Partial<Record<'firstName' | 'lastName' | 'phone' | 'email' | 'address', string>>;

/**
 * The server's own rule for a quote request (the shared schema: a name, a service, and an email address or a number to
 * send the price to), with the customer's date window for the preferred date: it is theirs. Comes with the portal, so a
 * tablet offline when the form is first opened still checks it.
 */
async function loadSchema(): Promise<FormSchema> {
  return { safeParse: (values: unknown) => bookingRequestSchema(londonDay(new Date()), 'customer').safeParse(values) };
}

/**
 * 'New quote' (To Be Quoted): a quote request the admin writes up as a customer tells it, on the phone or on site, where
 * the website's form is the customer's. It goes through the outbox like every change (works with no signal) and is in
 * the list at once, to be priced with Edit Quote. A returning customer's number or address fills in the rest, as in Add
 * Manual Booking; what was typed is kept while the admin looks elsewhere, and on the device (form-draft-kept.ts).
 */
export function NewQuoteForm({
  bookings,
  quotes,
  person,
  onDone,
}: {
  bookings: readonly BookingView[];
  quotes: readonly QuoteView[];
  /** Opened for someone the tablet knows (a contact's page): their details fill the empty form, and its draft is theirs. */
  person?: QuoteFor & { contactId: string };
  /** Called once the form closes: with the new quote's id when one was made (sent or kept to send). */
  onDone: (made?: string) => void;
}) {
  const { user } = useAdmin();
  const heading = useRef<HTMLHeadingElement>(null);
  const formEl = useRef<HTMLFormElement | null>(null);
  const today = useToday();
  const kept = newQuoteDraft(person?.contactId);
  const [draft] = useState(kept.draft);
  // Closed before the request was made (the admin went to another tab meanwhile): its answer leads nowhere.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  const start = (name: NewQuoteField, fallback = '') => draft?.values[name] || (draft ? '' : (person?.[name as keyof QuoteFor] ?? '')) || fallback;
  const [files, setFilesNow] = useState<File[]>(() => [...(draft?.files ?? [])]);
  const setFiles = (next: File[]) => {
    setFilesNow(next);
    if (formEl.current) kept.keep(formEl.current, next);
  };
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const [records] = useState(() => [...bookings, ...quotes]);
  const known = useKnownPerson(records, formEl);

  const onValid = useCallback(
    async (values: Record<NewQuoteField, string>): Promise<FormOutcome<NewQuoteField>> => {
      const sending = kept.sending();
      const outcome = await newQuote({ values, files }, user.id, sending.kept);
      sending.done(outcome.kind === 'sent' || outcome.kind === 'queued');
      const name = personName({ firstName: values.firstName, lastName: values.lastName || null });
      // What the customer hears: a receipt goes to an address they gave; with a number only, nothing does.
      const told = values.email ? ` They get an email saying their request is in.` : '';
      switch (outcome.kind) {
        case 'sent':
          kept.drop();
          void toast.success('Quote request added', `${name} is in To Be Quoted: price it with Edit Quote.${told}`);
          if (open.current) onDone(outcome.id);
          return { kind: 'sent', message: 'Quote request added' };
        case 'queued':
          kept.drop();
          void toast.info('Saved on this device', `${name} is in To Be Quoted now; the request is sent ${goesWhen(outcome.why)}.`);
          if (open.current) onDone(outcome.id);
          return { kind: 'saved', message: 'Saved on this device' };
        case 'refused':
          if (outcome.status === 400 && Object.keys(outcome.fields).length > 0) return { kind: 'invalid', fields: outcome.fields };
          if (!toastIfUploadRefused(outcome)) void toast.error('Could not add the quote request', outcome.message);
          return { kind: 'failed', message: outcome.message };
        case 'failed':
          void toast.error('Could not add the quote request', outcome.message);
          return { kind: 'failed', message: outcome.message };
      }
    },
    [files, onDone, user.id, kept],
  );
  const { errors, status, sending, formProps } = useForm({ fields: FIELDS, loadSchema, onValid, keep: true });
  const discard = useCallback(() => {
    kept.drop();
    onDone();
  }, [onDone, kept]);
  const escape = useEscapeToClose(discard, () => files.length > 0 || draft !== null);
  const f = (name: NewQuoteField, label: string, extra: { required?: boolean; full?: boolean; hint?: string } = {}) => ({
    form: 'new-quote',
    name,
    label,
    error: errors[name],
    ...extra,
  });

  return (
    <section className="admin-section admin-form-panel" aria-labelledby="new-quote-title" onKeyDown={escape.onKeyDown}>
      <ScreenHead title="New quote request" id="new-quote-title" headingRef={heading}>
        <button type="button" className="btn btn--secondary admin-btn" onClick={(event) => escape.cancel(event.currentTarget, formEl.current)}>
          Cancel
        </button>
      </ScreenHead>
      <p className="admin-muted">
        {draft
          ? 'What you typed before is still here. Add quote request sends it; Cancel discards it.'
          : 'For a customer who rang or asked on site. Price it once it is in the list.'}
      </p>
      <p className="admin-muted admin-known" role="status">
        {known.filledFrom}
      </p>
      {escape.asking ? <DiscardQuestion onDiscard={escape.discard} onKeep={escape.keep} /> : null}
      <form
        className="form-grid admin-form"
        {...formProps}
        ref={(element) => {
          formEl.current = element;
          (formProps.ref as { current: HTMLFormElement | null }).current = element;
        }}
        onInput={(event) => {
          formProps.onInput();
          kept.keep(event.currentTarget, files);
        }}
      >
        <Field {...f('firstName', 'First name', { required: true })}>
          {(p) => <input {...p} autoComplete="off" maxLength={LIMITS.name} defaultValue={start('firstName')} />}
        </Field>
        <Field {...f('lastName', 'Last name')}>{(p) => <input {...p} autoComplete="off" maxLength={LIMITS.name} defaultValue={start('lastName')} />}</Field>
        <ReachFields form="new-quote" errors={errors} start={(name) => start(name)} known={known} />
        <Field {...f('serviceType', 'Service', { required: true })}>
          {(p) => (
            <select {...p} defaultValue={start('serviceType', 'electrical_installation')}>
              {PORTAL_SERVICE_TYPES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field {...f('preferredDate', 'Preferred date')}>
          {(p) => <input {...p} type="date" min={today} max={lastCustomerDay(today)} defaultValue={start('preferredDate')} />}
        </Field>
        <Field {...f('address', 'Address', { full: true, hint: ADDRESS_HINT })}>
          {(p) => <input {...p} autoComplete="off" maxLength={LIMITS.address} defaultValue={start('address')} />}
        </Field>
        <Field {...f('description', 'What they want done', { full: true })}>
          {(p) => <textarea {...p} rows={4} maxLength={LIMITS.description} defaultValue={start('description')} />}
        </Field>
        <AttachmentField files={files} onChange={setFiles} per="job" />
        <SubmitRow label="Add quote request" busyLabel="Saving…" sending={sending} status={status} />
      </form>
    </section>
  );
}
