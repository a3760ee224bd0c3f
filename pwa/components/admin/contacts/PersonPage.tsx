import { useEffect, useRef, useState } from 'react';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { ERASED } from '#domain/limits.ts';
import type { BookingView, ContactView } from '#domain/views.ts';
import type { ShownQuote } from '../../../offline/admin-data.ts';
import type { Shown } from '../../../offline/use-mirror.ts';
import { useAllMessages } from '../../../offline/admin-data.ts';
import { useNeedsServer } from '../../offline/needs-server.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { jobWhen, moment, pounds } from '../format.ts';
import { AddressFact, ContactFacts, Fact, QuoteBadge, ScreenHead } from '../parts.tsx';
import { useAdmin } from '../context.ts';
import type { AdminSearch } from '../search.ts';
import { AnsweredMark } from './AnsweredMark.tsx';
import { EraseDialog } from './EraseDialog.tsx';
import { theirs } from './whose.ts';
import { NewQuoteForm, newQuoteDraft } from '../quotes/NewQuoteForm.tsx';
import { useFocusBack } from '../../../lib/focus-back.ts';
import type { QuoteFor } from '../quotes/NewQuoteForm.tsx';

/**
 * A person's page: their contact details, their jobs, quotes and messages (matched by email address, or by phone
 * number for someone with none, from the tablet's copy, so it opens offline), and 'Erase personal data' (UK GDPR), which needs a connection.
 */
export function PersonPage({
  contact,
  madeFromBooking,
  bookings,
  quotes,
  go,
  onBack,
}: {
  contact: Shown<ContactView>;
  /** Made when they booked or asked for a quote (its details are our own note, not their words). */
  madeFromBooking: boolean;
  bookings: readonly BookingView[];
  quotes: readonly ShownQuote[];
  /** Opens one of their jobs or quotes where it is worked on. */
  go: (search: AdminSearch) => void;
  /** `erased`: their data was just erased here (their card in the list no longer opens). */
  onBack: (erased?: boolean) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const [erasing, setErasing] = useState(false);
  const needsServer = useNeedsServer('erasing');
  const messages = useAllMessages(useAdmin().user.id);
  useEffect(() => {
    heading.current?.focus();
  }, [contact.id]);
  // By their email address; a customer with none (booked on the phone) by their number, however it was written.
  // In the order of their days (a job with none last), and their quotes newest first: a history to read down.
  const jobs = theirs(contact, bookings).sort((a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999'));
  const asked = theirs(contact, quotes).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const ids = new Set(jobs.map((job) => job.id));
  const said = (messages ?? []).filter((message) => ids.has(message.bookingId));
  const name = `${contact.firstName} ${contact.lastName ?? ''}`.trim();
  // New quote for them (they rang again): the form in place of the page, their details filled in, the address as on
  // their latest job or request. Made, the quote is opened in To Be Quoted; cancelled, back here.
  const [quoting, setQuoting] = useState(() => newQuoteDraft(contact.id).draft() !== null);
  const quoteBack = useFocusBack(quoting);
  // Where they were last to be visited (also shown on the page: a contact's card had no address, only their jobs had).
  const latest = [...jobs, ...asked].filter((record) => record.address && record.address !== ERASED).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (quoting) {
    const person: QuoteFor & { contactId: string } = {
      contactId: contact.id,
      firstName: contact.firstName,
      lastName: contact.lastName ?? '',
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      address: latest?.address ?? '',
    };
    return (
      <NewQuoteForm
        bookings={bookings}
        quotes={quotes}
        person={person}
        onDone={(made) => {
          if (made) go({ tab: 'quotes', quote: made });
          else {
            quoteBack.closing();
            setQuoting(false);
          }
        }}
      />
    );
  }
  const erased = contact.firstName === ERASED || contact.email === ERASED;

  return (
    <div className="admin-section admin-person">
      <ScreenHead title={name} headingRef={heading}>
        <button type="button" className="btn btn--secondary admin-btn" onClick={() => onBack()}>
          Back to Contacts
        </button>
      </ScreenHead>
      <dl className="admin-facts">
        <ContactFacts phone={contact.phone} email={contact.email} />
        <AddressFact name="Latest address" address={latest?.address ?? null} />
        {contact.source === 'support' ? (
          <>
            <Fact name="Help with">{contact.service}</Fact>
            <Fact name="Support request" wide>
              {contact.details}
            </Fact>
          </>
        ) : (
          <Fact name="Service">{contact.service ? serviceTypeLabel(contact.service) : null}</Fact>
        )}
        {contact.source === 'support' ? null : madeFromBooking ? (
          <Fact name="Came to us" wide>With a booking or quote request (their jobs and quotes are below)</Fact>
        ) : (
          <Fact name="First message" wide>
            {contact.details}
          </Fact>
        )}
      </dl>
      {madeFromBooking ? null : <AnsweredMark contact={contact} name={name} />}

      <h3 className="admin-person__title">Jobs ({jobs.length})</h3>
      {jobs.length === 0 ? (
        <p className="admin-muted">No jobs.</p>
      ) : (
        <ul className="admin-rows">
          {jobs.map((job) => (
            <li key={job.id} className="admin-person__row">
              <span>
                <StatusBadge status={job.status} /> {serviceTypeLabel(job.serviceType)} · {jobWhen(job)}
              </span>
              <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => go({ tab: 'bookings', job: job.id })}>
                Open<span className="visually-hidden"> the job: {serviceTypeLabel(job.serviceType)}, {jobWhen(job)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3 className="admin-person__title">Quotes ({asked.length})</h3>
      {asked.length === 0 ? (
        <p className="admin-muted">No quote requests.</p>
      ) : (
        <ul className="admin-rows">
          {asked.map((quote) => (
            <li key={quote.id} className="admin-person__row">
              <span>
                {/* Booked as a job, as its card says: not still "quoted" (the customer's own answer stays). */}
                <QuoteBadge status={quote.bookingId && quote.quoteStatus !== 'approved' && quote.quoteStatus !== 'rejected' ? 'converted' : quote.quoteStatus} />{' '}
                {serviceTypeLabel(quote.serviceType)} · asked {moment(quote.createdAt)}
                {quote.estimatedCost ? ` · ${pounds(quote.estimatedCost)}` : ''}
              </span>
              <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => go({ tab: 'quotes', quote: quote.id })}>
                Open<span className="visually-hidden"> the quote: {serviceTypeLabel(quote.serviceType)}, asked {moment(quote.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {erased ? null : (
        <button ref={quoteBack.button} type="button" className="btn btn--secondary admin-btn" onClick={() => setQuoting(true)}>
          New quote for {contact.firstName}
        </button>
      )}
      <h3 className="admin-person__title">Messages ({said.length})</h3>
      {said.length === 0 ? (
        <p className="admin-muted">No messages.</p>
      ) : (
        <ul className="admin-rows">
          {said.map((message) => (
            <li key={message.id}>
              <strong>{message.isFromAdmin ? 'You' : message.senderName}</strong> ({moment(message.createdAt)}): {message.content}
            </li>
          ))}
        </ul>
      )}

      <section className="admin-danger-zone" aria-labelledby="erase-title">
        <h3 id="erase-title">Erase personal data</h3>
        <p>
          UK GDPR right to erasure: their name, contact details, messages and files are erased everywhere, for good. Their jobs stay in your records (dates, service,
          status, history) without anything that identifies them.
        </p>
        {needsServer ? <p className="admin-muted">{needsServer}</p> : null}
        <button ref={eraseButton} type="button" className="btn admin-btn admin-btn--risky" disabled={needsServer !== null || (!contact.email && !contact.phone)} aria-haspopup="dialog" onClick={() => setErasing(true)}>
          Erase personal data
        </button>
      </section>
      {erasing && (contact.email || contact.phone) ? (
        <EraseDialog
          // With no email address, their records are found by phone number (a customer booked on the phone).
          who={contact.email ? { email: contact.email } : { phone: contact.phone! }}
          name={name}
          onClose={(erased) => {
            setErasing(false);
            if (erased) onBack(true);
            else requestAnimationFrame(() => eraseButton.current?.focus());
          }}
        />
      ) : null}
    </div>
  );
}
