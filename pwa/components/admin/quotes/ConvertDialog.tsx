import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { dayWords } from '#domain/history.ts';
import { dateRangeProblems } from '#domain/schemas/booking.ts';
import { dateWindow, dateWindowProblems } from '#domain/schemas/date-window.ts';
import type { BookingView, ClashView, QuoteView } from '#domain/views.ts';
import { toast } from '../../../lib/toast.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { convertQuote } from '../../../offline/admin-quote-commands.ts';
import { clashingJobs } from '../bookings/problems.ts';
import { BookedThen } from '../bookings/BookedThen.tsx';
import { goesWhen } from '../goes-when.ts';
import { useAdmin } from '../context.ts';
import { today } from '../format.ts';
import { ClashList } from '../parts.tsx';
import { Modal } from '../Modal.tsx';
import { finishFollowsStart } from '../../../lib/finish-date.ts';
import { noMailSentence } from './no-mail.ts';

/**
 * Convert to Job: the job's days and hours (the customer's preferred date to start with), a warning and 'Book
 * anyway' when it would double-book a confirmed job, then a confirmed booking (the seed's 'Quote Converted').
 */
export function ConvertDialog({ quote, bookings, onClose }: { quote: QuoteView; bookings: readonly BookingView[]; onClose: (converted: boolean) => void }) {
  const { user } = useAdmin();
  const form = useRef<HTMLFormElement>(null);
  const [clash, setClash] = useState<readonly ClashView[] | null>(null);
  const [message, setMessage] = useState('');
  // The field the message is about: marked invalid, described by the message, and given the focus (as Field does).
  const [badField, setBadField] = useState<string | null>(null);
  const refuse = (field: string, words: string) => {
    setMessage(words);
    setBadField(field);
    form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };
  const [sending, setSending] = useState(false);
  // The customer's preferred date while it is still to come: one passed meanwhile (a quote priced and approved after
  // it) made, at one press, a confirmed job in the past, mailed to the customer as booked.
  const [first] = useState(today);
  const passed = quote.preferredDate !== null && quote.preferredDate < first ? quote.preferredDate : null;
  const start = quote.preferredDate && !passed ? quote.preferredDate : first;
  // The days picked, for the jobs already booked then (BookedThen).
  const [days, setDays] = useState({ start, finish: start });

  const submit = async (event: FormEvent<HTMLFormElement> | null, anyway = false) => {
    event?.preventDefault();
    if (sending || !form.current) return;
    const data = new FormData(form.current);
    const get = (name: string) => String(data.get(name) ?? '');
    const conversion = { startDate: get('startDate'), finishDate: get('finishDate') || get('startDate'), startTime: get('startTime'), finishTime: get('finishTime'), allowOverlap: anyway };
    if (!conversion.startDate) {
      // The seed's toast for a job with no dates, as Add Manual Booking shows it; its words on the field too.
      void toast.error('Please select dates', 'Choose start and finish dates for the booking');
      return refuse('startDate', 'Choose start and finish dates for the booking');
    }
    // The server's own checks of the days and hours (a one-day job ending before it starts): made offline, a conversion
    // the server then refused left the quote with only Send again, which is refused again, or Discard.
    const problem =
      dateRangeProblems({ ...conversion, startTime: conversion.startTime || null, finishTime: conversion.finishTime || null })[0] ??
      dateWindowProblems(conversion, ['startDate', 'finishDate'], dateWindow(first, 'admin'))[0];
    if (problem) return refuse(problem.field, problem.message);
    const others = clashingJobs({ id: '', status: 'confirmed', ...conversion, startTime: conversion.startTime || null, finishTime: conversion.finishTime || null }, bookings);
    if (others.length > 0 && !anyway) return setClash(others);
    setSending(true);
    const outcome = await convertQuote(quote, conversion, user.id);
    setSending(false);
    // The server mails the customer that it is booked (as confirming a job does): the admin should know they will hear.
    const told = quote.email ? quote.firstName || 'The customer' : null;
    if (outcome.kind === 'sent') void toast.success('Quote Converted', `${personName(quote)} is now a confirmed job.${told ? ` ${told} gets an email saying so.` : ''}`);
    else if (outcome.kind === 'queued') void toast.info('Saved on this device', `${personName(quote)}: the job is made ${goesWhen(outcome.why)}${told ? `, and ${told} gets an email saying so` : ''}.`);
    // A job booked elsewhere that the device's copy has not got yet: the server names it (a double booking's 409 carries
    // `clashes`; another 409, a quote converted already, does not).
    else if (outcome.kind === 'refused' && outcome.status === 409 && !anyway && outcome.clashes !== undefined) return setClash(outcome.clashes);
    else {
      void toast.error('Failed to convert quote', outcome.message);
      return setMessage(outcome.message);
    }
    onClose(true);
  };

  const invalidIf = (field: string) => (badField === field ? { 'aria-invalid': true, 'aria-describedby': 'convert-message' } : {});

  return (
    <Modal title={`Convert to Job: ${personName(quote)}`} onClose={() => onClose(false)}>
      <form ref={form} className="form-grid admin-form" noValidate onSubmit={(event) => void submit(event)} onChange={() => (setClash(null), setMessage(''), setBadField(null))}
        onInput={(event) => {
          const value = (name: string) => (event.currentTarget.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
          const next = { start: value('startDate'), finish: value('finishDate') };
          setDays((was) => (was.start === next.start && was.finish === next.finish ? was : next));
        }}
      >
        {passed ? <p className="field--full">{`${quote.firstName || 'The customer'} asked for ${dayWords(passed)}, which has passed: the dates below start today.`}</p> : null}
        <div className="field">
          <label htmlFor="convert-start">Start date</label>
          <input id="convert-start" name="startDate" {...invalidIf('startDate')} type="date" defaultValue={start} required onChange={finishFollowsStart} />
        </div>
        <div className="field">
          <label htmlFor="convert-finish">Finish date</label>
          <input id="convert-finish" name="finishDate" {...invalidIf('finishDate')} type="date" defaultValue={start} required />
        </div>
        <div className="field">
          <label htmlFor="convert-start-time">Start time</label>
          <input id="convert-start-time" name="startTime" {...invalidIf('startTime')} type="time" defaultValue="09:00" />
        </div>
        <div className="field">
          <label htmlFor="convert-finish-time">Finish time</label>
          <input id="convert-finish-time" name="finishTime" {...invalidIf('finishTime')} type="time" defaultValue="17:00" />
        </div>
        <BookedThen bookings={bookings} start={days.start} finish={days.finish} />
        {clash ? (
          <div className="admin-problem field--full" role="alert">
            <p>
              {clash.length > 0
                ? `These dates overlap ${clash.length === 1 ? 'a job already booked' : `${clash.length} jobs already booked`} (confirmed or under way):`
                : 'The server says these dates overlap a job already booked (confirmed or under way).'}
            </p>
            <ClashList jobs={clash} />
            <button type="button" className="btn btn--primary admin-btn" onClick={() => void submit(null, true)}>
              Book anyway
            </button>
          </div>
        ) : null}
        <p id="convert-message" className="form-status form-status--failed field--full" role="alert">
          {message}
        </p>
        {/* Said before the press, not only in the toast after: the customer hears of it (the server mails them). */}
        <p className="field--full admin-muted">
          {quote.email
            ? `${quote.firstName || 'The customer'} gets an email saying the job is booked for these dates.`
            : noMailSentence(quote, 'to say when')}
        </p>
        <div className="admin-actions field--full">
          <button type="submit" className="btn btn--primary admin-btn" aria-disabled={sending || undefined}>
            {sending ? 'Converting…' : 'Convert to Job'}
          </button>
          <button type="button" className="btn btn--secondary admin-btn" onClick={() => onClose(false)}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
