import { useEffect, useRef, useState } from 'react';
import { serviceTypeLabel } from '#domain/content/services.ts';
import { bookingReference } from '#domain/reference.ts';
import type { BookingView } from '#domain/views.ts';
import type { Shown } from '../../offline/use-mirror.ts';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { Attachments } from './Attachments.tsx';
import { BookingHistory } from './BookingHistory.tsx';
import { formatSchedule } from './format.ts';

/** Where a record still on the device stands, in words. */
export function WaitingBadge({ waiting }: { waiting: Shown<unknown>['waiting'] }) {
  if (!waiting) return null;
  return waiting.state === 'failed' ? (
    <span className="portal-badge portal-badge--failed">Not accepted{waiting.message ? `: ${waiting.message}` : ''}</span>
  ) : (
    <span className="portal-badge">Waiting to send</span>
  );
}

/**
 * One booking in My Bookings: service, status (seed point 4's badge), days and times, address, the customer's
 * description, files as links, and its chat, history and calendar file. A booking still on the device shows as
 * waiting; it can already be chatted about (the messages go after it).
 */
export function BookingCard({ booking, onChat, focusChat }: { booking: Shown<BookingView>; onChat: () => void; focusChat: boolean }) {
  const [history, setHistory] = useState(false);
  const chat = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusChat) chat.current?.focus();
  }, [focusChat]);
  const title = serviceTypeLabel(booking.serviceType);
  const onServer = !booking.waiting;
  return (
    <li className="card portal-booking" aria-labelledby={`booking-${booking.id}`}>
      <div className="portal-booking__head">
        <h3 id={`booking-${booking.id}`}>{title}</h3>
        {onServer ? <StatusBadge status={booking.status} /> : <WaitingBadge waiting={booking.waiting} />}
      </div>
      <p className="portal-booking__when">{formatSchedule(booking)}</p>
      <dl className="portal-facts">
        {onServer ? (
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
        </button>
        {onServer ? (
          <>
            <button type="button" className="btn btn--secondary btn--small" aria-expanded={history} aria-controls={`history-${booking.id}`} onClick={() => setHistory(!history)}>
              History<span className="visually-hidden"> of {title}</span>
            </button>
            {booking.startDate ? (
              <a className="btn btn--secondary btn--small" href={`/api/bookings/${booking.id}.ics`} download={`booking-${bookingReference(booking.id)}.ics`}>
                Add to calendar (.ics)<span className="visually-hidden"> for {title}</span>
              </a>
            ) : null}
          </>
        ) : null}
      </div>
      {history ? (
        <div id={`history-${booking.id}`} className="portal-booking__history">
          <h4>History</h4>
          <BookingHistory bookingId={booking.id} />
        </div>
      ) : null}
    </li>
  );
}
