import { useEffect, useRef, useState } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { bookingReference } from '#domain/reference.ts';
import type { BookingView } from '#domain/views.ts';
import { newCommandId } from '../../lib/api.ts';
import { toastSaved } from '../../lib/queue-form.ts';
import { toast } from '../../lib/toast.ts';
import { submit } from '../../offline/submit.ts';
import { KINDS } from '../../offline/kinds.ts';
import type { Shown } from '../../offline/use-mirror.ts';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { Attachments } from './Attachments.tsx';
import { BookingHistory } from './BookingHistory.tsx';
import { formatSchedule } from './format.ts';
import { MoveRequest } from './MoveRequest.tsx';
import { correctRefusedBooking, discardRefusedChanges } from './booking-command.ts';
import { useNamedRecord } from './named.ts';

/** Where a record still on the device stands, in words. */
export function WaitingBadge({ waiting }: { waiting: Shown<unknown>['waiting'] }) {
  if (!waiting) return null;
  return waiting.state === 'failed' ? (
    <span className="portal-badge portal-badge--failed">
      <strong>Not accepted</strong>
      {waiting.message ? `: ${waiting.message}` : ''}
    </span>
  ) : (
    <span className="portal-badge">Waiting to send</span>
  );
}

/**
 * One booking in My Bookings: service, status (seed point 4's badge), days and times, address, the customer's
 * description, files as links, and its chat, history and calendar file. A booking still on the device shows as
 * waiting; it can already be chatted about (the messages go after it).
 */
export function BookingCard({
  booking,
  owner,
  onChat,
  focusChat,
  named = false,
  newReplies = 0,
}: {
  booking: Shown<BookingView>;
  owner: string;
  onChat: () => void;
  focusChat: boolean;
  /** The booking a mailed link named: brought into view and focused as it appears, and marked. */
  named?: boolean;
  /** Replies from the business the customer has not seen yet (replies.ts). */
  newReplies?: number;
}) {
  const [history, setHistory] = useState(false);
  const [moving, setMoving] = useState(false);
  const move = useRef<HTMLButtonElement>(null);
  const chat = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusChat) chat.current?.focus();
  }, [focusChat]);
  const title = serviceTypeLabel(booking.serviceType);
  // The focus on the heading, and the heading on the screen: focus alone left it under the sticky header on a phone.
  const focusHeading = () => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'nearest' });
  };
  useNamedRecord(named, booking.id, heading);
  const onServer = !booking.waiting;
  // A booking the server has (version 1 on), also while a change to it waits: its status as changed, its reference,
  // history and calendar file.
  const known = booking.version > 0;
  return (
    <li className={`card portal-booking${named ? ' portal-card--named' : ''}`} aria-labelledby={`booking-${booking.id}`} aria-current={named || undefined}>
      <div className="portal-booking__head">
        <h3 id={`booking-${booking.id}`} ref={heading} tabIndex={-1}>
          {title}
        </h3>
        {named ? <span className="portal-named">Opened from your email</span> : null}
        {onServer || known ? <StatusBadge status={booking.status} /> : null}
        <WaitingBadge waiting={booking.waiting} />
      </div>
      <p className="portal-booking__when">{formatSchedule(booking)}</p>
      <dl className="portal-facts">
        {known ? (
          <>
            {/* What the support form and a phone call can quote (as the calendar file does). */}
            <dt>Reference</dt>
            <dd>{bookingReference(booking.id)}</dd>
          </>
        ) : null}
        {booking.address ? (
          <>
            <dt>Address</dt>
            <dd>{booking.address}</dd>
          </>
        ) : null}
        {/* The number we will ring about it, as it was given (it may not be the account's latest). */}
        {booking.phone ? (
          <>
            <dt>Phone</dt>
            <dd>{booking.phone}</dd>
          </>
        ) : null}
        {booking.description ? (
          <>
            <dt>Your description</dt>
            <dd>{booking.description}</dd>
          </>
        ) : null}
      </dl>
      <Attachments text={booking.attachments} />
      <div className="btn-row portal-booking__actions">
        <button type="button" ref={chat} className="btn btn--primary btn--small" onClick={onChat}>
          Chat<span className="visually-hidden"> about {title}</span>
          {newReplies > 0 ? <span className="portal-new-replies">{newReplies === 1 ? 'New reply' : `${newReplies} new replies`}</span> : null}
        </button>
        {known ? (
          <>
            <button type="button" className="btn btn--secondary btn--small" aria-expanded={history} aria-controls={`history-${booking.id}`} onClick={() => setHistory(!history)}>
              History<span className="visually-hidden"> of {title}</span>
            </button>
            {/* Not while a change waits: the server's file would have the dates before it. */}
            {booking.startDate && booking.status !== 'cancelled' && !booking.waiting ? (
              <a className="btn btn--secondary btn--small" href={`/api/bookings/${booking.id}.ics`} download={`booking-${bookingReference(booking.id)}.ics`}>
                Add to calendar (.ics)<span className="visually-hidden"> for {title}</span>
              </a>
            ) : null}
          </>
        ) : null}
      </div>
      {/* A new booking the server refused: back into the form, to be corrected and sent again (the badge says why). */}
      {booking.waiting?.state === 'failed' && !known ? (
        <div className="btn-row portal-booking__cancel">
          <button type="button" className="btn btn--primary btn--small" onClick={() => void correctRefusedBooking(booking.id, owner)}>
            Correct and send again<span className="visually-hidden"> your {title} booking request</span>
          </button>
        </div>
      ) : null}
      {/* A change of a booking the server has (new dates, a cancellation) refused: the badge says why, the booking is
          shown as it stands, and its choices come back once the change is put aside. */}
      {booking.waiting?.state === 'failed' && known ? (
        <div className="btn-row portal-booking__cancel">
          <p className="portal-muted portal-booking__note">Your change was not made: the booking is as shown. Discard the change to choose again, or send us a message about it.</p>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              focusHeading();
              void discardRefusedChanges(booking.id, owner);
            }}
          >
            Discard the change<span className="visually-hidden"> to your {title} booking</span>
          </button>
        </div>
      ) : null}
      {history ? (
        <div id={`history-${booking.id}`} className="portal-booking__history">
          <h4>History</h4>
          <BookingHistory bookingId={booking.id} />
        </div>
      ) : null}
      {onServer && (booking.status === 'confirmed' || booking.status === 'in_progress') ? (
        <p className="portal-muted portal-booking__note">To change the dates of a booked job, call us on <a href={`tel:${BUSINESS.phoneE164}`}>{BUSINESS.phone}</a> or send us a message.</p>
      ) : null}
      {/* The buttons wait for the change on its way (a new request, new dates): say so, or they seemed gone for good. */}
      {booking.waiting?.state === 'waiting' && (booking.status || 'pending') === 'pending' ? (
        <p className="portal-muted portal-booking__note">
          {known ? 'Change dates and Cancel come back here once the change waiting on this device has reached us.' : 'You can change or cancel it here once it has reached us.'}
        </p>
      ) : null}
      {onServer && booking.status === 'pending' ? (
        moving ? (
          <MoveRequest
            booking={booking}
            owner={owner}
            title={title}
            onDone={(moved) => {
              setMoving(false);
              // Moved: the heading, where the new days show with the card; kept: back to the button.
              requestAnimationFrame(() => (moved ? focusHeading() : move.current?.focus()));
            }}
          />
        ) : (
          // One row for the two changes (a row each spread a card's buttons over three on a tablet).
          <div className="btn-row portal-booking__cancel">
            <button type="button" ref={move} className="btn btn--secondary btn--small" onClick={() => setMoving(true)}>
              Change dates<span className="visually-hidden"> of your {title} booking request</span>
            </button>
            <CancelRequest booking={booking} owner={owner} title={title} onConfirm={focusHeading} />
          </div>
        )
      ) : null}
    </li>
  );
}

/**
 * Withdraws a request while it waits for our confirmation, after a second press (a slip does nothing); through the
 * outbox, so it also works with no signal and goes once. A confirmed job is changed by calling or writing to us.
 */
function CancelRequest({ booking, owner, title, onConfirm }: { booking: BookingView; owner: string; title: string; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const ask = useRef<HTMLButtonElement>(null);
  const keep = () => {
    setConfirming(false);
    requestAnimationFrame(() => ask.current?.focus());
  };
  const cancel = async () => {
    setConfirming(false);
    // The buttons go: the focus goes to the booking's heading, where its new status shows.
    onConfirm();
    const outcome = await submit({
      id: newCommandId(),
      kind: KINDS.bookingCancel,
      values: {},
      label: `Cancellation of your ${title} booking request`,
      method: 'POST',
      path: `/api/bookings/${booking.id}/cancel`,
      body: {},
      record: booking.id,
      owner,
    });
    if (outcome.kind === 'sent') void toast.success('Booking Cancelled', 'Your request is withdrawn and our team has been told.');
    else if (outcome.kind === 'queued') toastSaved(outcome);
    else void toast.error('Not Cancelled', outcome.message);
  };
  return confirming ? (
    // Escape answers as "Keep it" does.
    <div
      className="btn-row portal-booking__confirm"
      role="group"
      aria-labelledby={`cancel-${booking.id}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          keep();
        }
      }}
    >
      <p id={`cancel-${booking.id}`} className="portal-booking__ask">
        Cancel this booking request? We will let our team know.
      </p>
      <button type="button" className="btn btn--primary btn--small portal-danger" onClick={() => void cancel()}>
        Yes, cancel it<span className="visually-hidden"> ({title})</span>
      </button>
      {/* The focus on the safe choice: one Enter too many must not withdraw the request. */}
      <button type="button" className="btn btn--secondary btn--small" autoFocus onClick={keep}>
        Keep it
      </button>
    </div>
  ) : (
    <button type="button" ref={ask} className="btn btn--secondary btn--small portal-danger" onClick={() => setConfirming(true)}>
      Cancel this request<span className="visually-hidden"> for {title}</span>
    </button>
  );
}
