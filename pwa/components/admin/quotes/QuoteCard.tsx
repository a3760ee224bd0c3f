import { memo, useEffect, useRef, useState } from 'react';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { ERASED } from '#domain/limits.ts';
import type { BookingView } from '#domain/views.ts';
import { bookAnyway, personName } from '../../../offline/admin-commands.ts';
import { theirQuote } from '../../../offline/admin-quote-commands.ts';
import type { ShownQuote } from '../../../offline/admin-data.ts';
import type { OutboxItem } from '../../../offline/db.ts';
import { isGone, QUOTE_KINDS } from '../../../offline/kinds.ts';
import { discard, retry } from '../../../offline/outbox.ts';
import { drain } from '../../../offline/sender.ts';
import { afterDrain } from '../../../offline/start.ts';
import { Attachments } from '../bookings/Attachments.tsx';
import { dayLabel, jobWhen, moment, pounds, useToday } from '../format.ts';
import { AddressFact, ClashList, codeWords, ContactFacts, Erased, Fact, QuoteBadge } from '../parts.tsx';
import { ConvertDialog } from './ConvertDialog.tsx';
import { QuoteConflictPanel } from './QuoteConflict.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { GoneChangePanel } from './GoneWork.tsx';
import { QuoteEditForm } from './QuoteEditForm.tsx';
import { dropQuoteDraft, quoteDraft } from './quote-draft.ts';

/**
 * One quote request: the customer's request, the admin's working fields (estimate, status, priority,
 * follow-up, notes), when the customer approved or declined, and Edit Quote, Convert to Job and Delete. A
 * pending quote is highlighted; queued work shows at once and says it waits. Memoised: a quote edited, or a pull, draws
 * its own card again, not all of To Be Quoted's (the device copy keeps an unchanged quote's object).
 */
export const QuoteCard = memo(function QuoteCard({
  quote,
  bookings,
  refused,
  onDeleted,
  gone = false,
  onClose,
  picked = false,
  earlier,
  onShowEarlier,
  onOpenJob,
}: {
  quote: ShownQuote;
  bookings: readonly BookingView[];
  refused: OutboxItem | undefined;
  /** Called with the quote's id once it is deleted (one function for every card, so the cards stay memoised). */
  onDeleted: (id: string) => void;
  /** Deleted on another device: the card shows the quote as it last was, says so, and offers only to close it. */
  gone?: boolean;
  /** Called with the quote's id when a card deleted elsewhere is closed (one function for every card, as onDeleted). */
  onClose: (id: string) => void;
  /** Picked out by a toast's Open (marked until the admin moves on). */
  picked?: boolean;
  /** The earlier open request of the same person for the same service that this one repeats (asked-before.ts). */
  earlier?: ShownQuote | undefined;
  /** Picks that earlier request out in the list (one function for every card, as onDeleted). */
  onShowEarlier?: (id: string) => void;
  /** Opens the job it was converted to, in Bookings (one function for every card, as onDeleted). */
  onOpenJob?: (id: string) => void;
}) {
  // Open again with what was typed, when the admin left its Edit for another tab (quote-draft.ts).
  const [editing, setEditing] = useState(() => quoteDraft(quote.id) !== undefined);
  const [dialog, setDialog] = useState<'convert' | 'delete' | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const convertButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a dialog, focus goes back to its button, or to the card's name after a conversion or a queued deletion
  // (the buttons go); after a deletion the tab moves it (the card goes). Once the dialog is gone: closing it
  // hands focus back to the button that opened it first.
  const [after, setAfter] = useState<{ current: HTMLElement | null } | null>(null);
  const closeDialog = (target: { current: HTMLElement | null }) => {
    setDialog(null);
    setAfter(target);
  };
  useEffect(() => {
    if (dialog || !after) return;
    setAfter(null);
    (after.current ?? heading.current)?.focus();
  }, [after, dialog]);
  // A refused change's choices take its panel, and the pressed button, away: the focus goes to the quote's name first.
  const settleRefused = (choice: () => Promise<unknown>) => {
    heading.current?.focus();
    return choice();
  };
  // The customer's details were erased (they deleted their account, or the business erased them), and an open request
  // withdrawn with them: there is nobody to book a job for (the server refuses the conversion) or to send a price to.
  const erased = quote.email === ERASED || quote.firstName === ERASED;
  // Withdrawn with the details (stored as declined): one plain statement says so, not also a 'rejected' badge and a
  // 'Declined' the customer never said. An approved quote of theirs was not withdrawn, and still says it was approved.
  const withdrawn = erased && !quote.bookingId && quote.quoteStatus === 'rejected';
  const name = erased ? 'Erased person' : personName(quote) || 'No name';
  const pending = quote.quoteStatus === 'pending' && !quote.bookingId;
  const busy = quote.pending === 'delete' || quote.pending === 'convert';
  const answered = !withdrawn && (quote.quoteStatus === 'approved' || quote.quoteStatus === 'rejected');
  // A queued edit refused because a field it sets was changed on another device meanwhile: the admin chooses.
  const theirs = refused ? theirQuote(refused) : null;
  // A conversion refused for a double booking (the server names the jobs in the way, also none this device has yet).
  const clash = refused?.kind === QUOTE_KINDS.convert && refused.error?.status === 409 ? (refused.error.clashes ?? null) : null;

  return (
    <li
      className={`admin-card admin-quote${pending ? ' admin-quote--pending' : ''}${quote.waiting ? ' admin-card--waiting' : ''}${picked ? ' admin-card--picked' : ''}`}
      aria-labelledby={`quote-${quote.id}`}
    >
      <div className="admin-card__head">
        <h3 id={`quote-${quote.id}`} ref={heading} tabIndex={-1} className="admin-card__title">
          {name}
        </h3>
        {/* A converted quote's status no longer matters (it read "pending" beside "Converted to a job"), unless it
            is the customer's answer: an approved quote stays marked approved once it is a job. */}
        {(quote.bookingId && !answered) || withdrawn ? null : <QuoteBadge status={quote.quoteStatus} />}
        <span className={`admin-chip admin-chip--priority-${quote.priority}`}>{codeWords(quote.priority)} priority</span>
        {quote.waiting ? (
          <span className={`admin-chip admin-chip--${quote.waiting.state}`}>
            {quote.waiting.state === 'failed' ? 'Not accepted' : quote.pending === 'delete' ? 'Deleting: waiting to send' : quote.pending === 'convert' ? 'Converting: waiting to send' : 'Waiting to send'}
          </span>
        ) : null}
      </div>
      {earlier && !gone ? (
        <div className="admin-warning admin-quote__again">
          <p>
            <strong>Asked twice?</strong> {name} asked for {serviceTypeLabel(earlier.serviceType)} on {moment(earlier.createdAt)} too, and that request is
            still open. If it is the same job, price one and delete the other.
          </p>
          {onShowEarlier ? (
            <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => onShowEarlier(earlier.id)}>
              Show that request<span className="visually-hidden"> of {moment(earlier.createdAt)}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {answered ? (
        <p className={`admin-answer admin-answer--${quote.quoteStatus}`}>
          {/* When the customer answered, not when the quote last changed (a conversion or an edit moved that). Set in
              Edit Quote (the customer rang), there is no answer time: it says so. */}
          {quote.quoteStatus === 'approved' ? 'Approved' : 'Declined'}
          {quote.answeredAt ? ` on ${moment(quote.answeredAt)}` : ' (marked by you)'}
        </p>
      ) : null}
      {quote.bookingId ? <Converted job={bookings.find((job) => job.id === quote.bookingId)} name={name} onOpen={onOpenJob} /> : null}
      {/* Quoted to someone who left only a number: no mail went, and the card says so for as long as it waits. */}
      {quote.quoteStatus === 'quoted' && !quote.email && quote.phone && !quote.bookingId ? (
        <p className="admin-muted">No email address: the price was not sent. Ring them with it.</p>
      ) : null}
      {withdrawn ? <p className="admin-muted">The customer’s details are erased, and the request was withdrawn.</p> : null}
      <dl className="admin-facts">
        <Fact name="Service">{serviceTypeLabel(quote.serviceType)}</Fact>
        <Fact name="Asked on">{moment(quote.createdAt)}</Fact>
        <Fact name="Preferred date">{quote.preferredDate ? dayLabel(quote.preferredDate) : null}</Fact>
        <ContactFacts phone={quote.phone} email={quote.email} />
        <AddressFact address={quote.address} />
        <Fact name="Estimate">{pounds(quote.estimatedCost) || 'Not set'}</Fact>
        <Fact name="Price includes" wide>
          {quote.scope}
        </Fact>
        <Fact name="Follow up">{quote.followUpDate ? <FollowUp day={quote.followUpDate} open={!quote.bookingId && quote.quoteStatus !== 'rejected'} /> : null}</Fact>
        <Fact name="Request" wide>
          {quote.description === ERASED ? <Erased /> : quote.description}
        </Fact>
        <Fact name="Notes" wide>
          {quote.notes}
        </Fact>
      </dl>
      <Attachments json={quote.attachments} />
      {refused && isGone(refused) ? (
        <GoneChangePanel item={refused} />
      ) : refused && theirs ? (
        <QuoteConflictPanel item={refused} theirs={theirs} />
      ) : refused?.state === 'failed' ? (
        <section className="admin-problem" aria-label="Not accepted">
          <p>
            <strong>Not accepted by the server:</strong> {refused.error?.message}
          </p>
          {/* A conversion made with no signal, refused as it went for a job booked elsewhere meanwhile: as the dialog
              offers it online. Sent again as it was, it was refused again. */}
          {clash ? <ClashList jobs={clash} /> : null}
          <div className="admin-actions">
            {clash ? (
              <button type="button" className="btn btn--primary admin-btn" onClick={() => void settleRefused(() => bookAnyway(refused))}>
                Book anyway
              </button>
            ) : (
              <button type="button" className="btn btn--primary admin-btn" onClick={() => void settleRefused(() => retry(refused.id).then(() => drain({ force: true, queue: true }).then(afterDrain)))}>
                Send again
              </button>
            )}
            <button type="button" className="btn btn--secondary admin-btn" onClick={() => void settleRefused(() => discard(refused.id))}>
              Discard the change
            </button>
          </div>
        </section>
      ) : null}
      {/* Deleted elsewhere with a change of it still kept: its panel says so, and Close comes once it is discarded. */}
      {gone && refused && isGone(refused) ? null : gone ? (
        <div className="admin-warning admin-quote__gone" role="alert">
          <p>
            <strong>This quote was deleted on another device.</strong>
            {editing ? ' What you typed is still below: copy anything you need before you close it.' : ''}
          </p>
          <div className="admin-actions">
            <button type="button" className="btn btn--secondary admin-btn" onClick={() => onClose(quote.id)}>
              Close<span className="visually-hidden"> {name}&rsquo;s deleted quote</span>
            </button>
          </div>
        </div>
      ) : busy || quote.bookingId ? null : (
        <div className="admin-job__actions">
          {erased ? null : (
            <>
              <button ref={editButton} type="button" className="btn btn--secondary admin-btn" aria-expanded={editing} onClick={() => {
                  // Closed by its own button: nothing kept for next time (as Cancel with nothing changed).
                  if (editing) dropQuoteDraft(quote.id);
                  setEditing(!editing);
                }}
              >
                Edit Quote<span className="visually-hidden"> for {name}</span>
              </button>
              <button ref={convertButton} type="button" className="btn btn--primary admin-btn" aria-haspopup="dialog" onClick={() => setDialog('convert')}>
                Convert to Job<span className="visually-hidden"> for {name}</span>
              </button>
            </>
          )}
          <button ref={deleteButton} type="button" className="btn admin-btn admin-btn--risky" aria-haspopup="dialog" onClick={() => setDialog('delete')}>
            Delete<span className="visually-hidden"> {name}&rsquo;s quote</span>
          </button>
        </div>
      )}
      {editing && !busy ? (
        <QuoteEditForm
          quote={quote}
          gone={gone}
          onDone={() => {
            setEditing(false);
            editButton.current?.focus();
          }}
        />
      ) : null}
      {dialog === 'convert' ? <ConvertDialog quote={quote} bookings={bookings} onClose={(converted) => closeDialog(converted ? heading : convertButton)} /> : null}
      {dialog === 'delete' ? (
        <DeleteDialog
          quote={quote}
          onClose={(outcome) => (outcome === 'deleted' ? onDeleted(quote.id) : closeDialog(outcome === 'queued' ? heading : deleteButton))}
        />
      ) : null}
    </li>
  );
});

/**
 * What became of a converted quote: the job's days and where it stands now, with a way to it (the card was a dead end
 * that said "confirmed" of a job since done or called off). The job not on this device yet: where to find it.
 */
function Converted({ job, name, onOpen }: { job: BookingView | undefined; name: string; onOpen: ((id: string) => void) | undefined }) {
  if (!job) return <p className="admin-answer admin-answer--converted">Converted to a job: it is in Bookings, confirmed.</p>;
  return (
    <div className="admin-answer admin-answer--converted admin-quote__job">
      <p>
        Converted to a job for {jobWhen(job)} ({codeWords(job.status).toLowerCase()}).
      </p>
      {onOpen ? (
        <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => onOpen(job.id)}>
          Open the job<span className="visually-hidden"> of {name}</span>
        </button>
      ) : null}
    </div>
  );
}

/**
 * The day to follow a quote up, and, while the quote is still open, that it is due: the list puts a due one first, but
 * the card only said the day, and "Sun 29 Nov" did not read as "today" at a glance.
 */
function FollowUp({ day, open }: { day: string; open: boolean }) {
  const now = useToday();
  return (
    <>
      {dayLabel(day)}
      {open && day <= now ? <span className="admin-chip admin-chip--waiting admin-followup-due">{day === now ? 'due today' : 'overdue'}</span> : null}
    </>
  );
}
