import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { MAILTO_HREF, TEL_HREF } from '#domain/content/shared.ts';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { Icon } from '../../ui/Icon.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { shortDate } from '../text.tsx';
import { Field } from '../../ui/Field.tsx';
import { postJson } from '../../../lib/api.ts';
import { useForm } from '../../../lib/form.ts';
import { useHydrated } from '../../../lib/hydrated.ts';
import type { FormSchema } from '../../../lib/form.ts';

/** One booking as the lookup answers it: status, service, dates and its reference only, never ids, addresses or notes. */
type FoundBooking = {
  /** What the support request form below asks for (absent from a server older than it). */
  readonly reference?: string;
  readonly status: string | null;
  readonly serviceType: string | null;
  readonly startDate: string | null;
  readonly finishDate: string | null;
  readonly createdAt: string | null;
};

/** A quote request from the home page's form: status, service and the day it was sent. */
type FoundQuote = {
  readonly status: string | null;
  readonly serviceType: string | null;
  readonly createdAt: string | null;
};

type Found = { readonly bookings: readonly FoundBooking[]; readonly quoteRequests: readonly FoundQuote[] };

const FIELDS = ['email', 'phone'] as const;

const loadSchema = async (): Promise<FormSchema> => (await import('#domain/schemas/support.ts')).SupportLookupSchema;

/**
 * 'Find my bookings' (seed point 2): email and phone must both match, and the answer lists each booking's
 * status, service and dates, or says 'No bookings found' with what to check and how to reach us. Focus
 * moves to the answer's heading so screen-reader users hear it.
 */
export function BookingLookup({ emailRef }: { emailRef: RefObject<HTMLInputElement | null> }) {
  const [found, setFound] = useState<Found | null>(null);
  const answerRef = useRef<HTMLHeadingElement>(null);
  // Each new answer takes focus once it is on the page, so a screen reader announces what was found.
  useEffect(() => {
    if (found) answerRef.current?.focus();
  }, [found]);
  // A question, not a change: it is asked directly (never queued), and the form keeps what was typed.
  // Disabled until the page's code has taken over (useHydrated says why).
  const ready = useHydrated();
  const { errors, status, sending, formProps } = useForm({
    fields: FIELDS,
    loadSchema,
    keep: true,
    onValid: async (values) => {
      const result = await postJson<Partial<Found>>('/api/support/lookup', values);
      if (result.ok) {
        setFound({ bookings: result.data?.bookings ?? [], quoteRequests: result.data?.quoteRequests ?? [] });
        return { kind: 'sent', message: '' };
      }
      if (result.status === 400 && Object.keys(result.fields).length > 0) return { kind: 'invalid', fields: result.fields };
      setFound(null);
      return { kind: 'failed', message: result.message };
    },
  });

  return (
    <div className="card pg-lookup">
      <h3>Find my bookings</h3>
      <p className="field__hint">Enter the email address and phone number you gave us when you booked. Both must match.</p>
      <form className="form-grid pg-lookup__form" {...formProps}>
        <Field form="lookup" name="email" label="Email address" error={errors.email}>
          {(props) => <input {...props} ref={emailRef} type="email" autoComplete="email" required />}
        </Field>
        <Field form="lookup" name="phone" label="Phone number" error={errors.phone}>
          {(props) => <input {...props} type="tel" autoComplete="tel" inputMode="tel" required />}
        </Field>
        <div className="pg-lookup__submit">
          <button type="submit" className="btn btn--primary" disabled={!ready || undefined} aria-disabled={sending || undefined}>
            <Icon name="search" size={18} />
            <span>{sending ? 'Searching…' : 'Find bookings'}</span>
          </button>
        </div>
      </form>
      {status.kind === 'failed' ? (
        <p className="pg-alert" role="alert">
          {status.text}
        </p>
      ) : null}
      {found ? (
        <div className="pg-lookup__answer">
          <h4 ref={answerRef} tabIndex={-1}>
            {answerHeading(found)}
          </h4>
          {found.bookings.length === 0 && found.quoteRequests.length === 0 ? (
            <p>
              Please check that the email address and phone number are the ones you used when you booked, or contact us directly on{' '}
              <a href={TEL_HREF}>{BUSINESS.phone}</a> or <a href={MAILTO_HREF}>{BUSINESS.email}</a>.
            </p>
          ) : (
            <ul className="pg-bookings">
              {found.bookings.map((booking, index) => (
                <li key={`booking-${index}`} className="pg-booking">
                  <div className="pg-booking__head">
                    <span className="pg-booking__service">{booking.serviceType ? serviceTypeLabel(booking.serviceType) : 'Electrical work'}</span>
                    <StatusBadge status={booking.status} />
                  </div>
                  <dl className="pg-booking__dates">
                    <div>
                      <dt>Dates</dt>
                      <dd>{dates(booking)}</dd>
                    </div>
                    {booking.createdAt ? (
                      <div>
                        <dt>Requested</dt>
                        <dd>{shortDate(booking.createdAt)}</dd>
                      </div>
                    ) : null}
                    {booking.reference ? (
                      <div>
                        <dt>Reference</dt>
                        <dd>{booking.reference}</dd>
                      </div>
                    ) : null}
                  </dl>
                </li>
              ))}
              {found.quoteRequests.map((quote, index) => (
                <li key={`quote-${index}`} className="pg-booking">
                  <div className="pg-booking__head">
                    <span className="pg-booking__service">Quote request: {quote.serviceType ? serviceTypeLabel(quote.serviceType) : 'electrical work'}</span>
                    <span className="status-badge status-badge--grey">{QUOTE_STATUS[quote.status ?? 'pending'] ?? quote.status}</span>
                  </div>
                  <dl className="pg-booking__dates">
                    {quote.createdAt ? (
                      <div>
                        <dt>Sent</dt>
                        <dd>{shortDate(quote.createdAt)}</dd>
                      </div>
                    ) : null}
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** What a visitor reads about their quote request; the admin's 'rejected' is put gently. */
const QUOTE_STATUS: Readonly<Record<string, string>> = {
  pending: 'awaiting quote',
  quoted: 'quoted',
  approved: 'approved',
  rejected: 'closed',
};

/** 'No bookings found' (the seed's words) or what was found, counted. */
function answerHeading({ bookings, quoteRequests }: Found): string {
  const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  if (bookings.length === 0 && quoteRequests.length === 0) return 'No bookings found';
  const parts = [bookings.length > 0 ? count(bookings.length, 'booking', 'bookings') : '', quoteRequests.length > 0 ? count(quoteRequests.length, 'quote request', 'quote requests') : ''];
  return `${parts.filter(Boolean).join(' and ')} found`;
}

function dates(booking: FoundBooking): string {
  const { startDate, finishDate } = booking;
  if (!startDate && !finishDate) return 'To be arranged';
  if (!startDate || !finishDate || startDate === finishDate) return shortDate((startDate ?? finishDate) as string);
  return `${shortDate(startDate)} to ${shortDate(finishDate)}`;
}
