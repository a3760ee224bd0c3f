import { useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { requiredEmail } from '#domain/schemas/fields.ts';
import type { UserView } from '#domain/views.ts';
import { OFFLINE_MESSAGE, SLOW_MESSAGE } from '../../lib/api.ts';
import { inTime, timedOut } from '../../lib/in-time.ts';
import type { MirrorSync } from '../../offline/use-mirror.ts';
import { useBookings } from '../../offline/use-mirror.ts';
import { useNewReplies, useReplyAnnouncement } from './replies.ts';
import { emptyBecause, signInToSee } from './copy-state.ts';
import { CopyFailed } from './CopyFailed.tsx';
import { BookingCard } from './BookingCard.tsx';
import { orderKey } from './booking-order.ts';
import { today } from './format.ts';
import { VerifyNotice } from './VerifyNotice.tsx';
import { PrintButton } from '../ui/PrintButton.tsx';

type Copy = MirrorSync;

/**
 * My Bookings (seed point 2): the email box (prefilled with the account's address), then the bookings of that
 * address from the device's copy (readable offline, waiting ones included), or the seed's empty and error
 * texts. Another address is asked of the server, which refuses it; the refusal is shown as it is.
 */
export function MyBookings({
  user,
  copy,
  onChat,
  returnTo,
  named = null,
}: {
  user: UserView;
  copy: Copy;
  onChat: (bookingId: string) => void;
  returnTo: string | null;
  /** The booking a mailed link named: its card is brought into view, focused and marked. */
  named?: string | null;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  // One question at a time, by a ref: the button is aria-disabled, not disabled, which dropped the focus it had to the
  // page's body while the server was asked.
  const busy = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const lookUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const typed = input.current?.value ?? '';
    if (typed.trim() === '' || typed.trim().toLowerCase() === user.email) {
      setRefusal(null);
      if (input.current) input.current.value = user.email;
      copy.refresh();
      return;
    }
    // Said under the box as the other forms say it (the schema's own words), not in the browser's bubble.
    const parsed = requiredEmail().safeParse(typed);
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? null);
      input.current?.focus();
      return;
    }
    const email = parsed.data;
    busy.current = true;
    setAsking(true);
    // Given up after ANSWER_WITHIN_MS (in-time.ts): on one bar of signal the button stayed busy for ever.
    const answer = await inTime(async (signal) => {
      const response = await fetch(`/api/bookings/user/${encodeURIComponent(email)}`, { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
      return { response, body: (await response.json().catch(() => null)) as { error?: { message?: string } } | null };
    }).catch((error: unknown) => (timedOut(error) ? SLOW_MESSAGE : OFFLINE_MESSAGE));
    busy.current = false;
    setAsking(false);
    setRefusal(
      typeof answer === 'string'
        ? answer
        : (answer.body?.error?.message ?? (answer.response.ok ? 'These are not your bookings.' : `Failed to load bookings: ${answer.response.status} - ${answer.response.statusText}`)),
    );
  };
  return (
    <div className="portal-bookings">
      <h2 className="visually-hidden">My Bookings</h2>
      <VerifyNotice user={user} />
      <form className="portal-lookup" noValidate onSubmit={(event) => void lookUp(event)} aria-label="Bookings for an email address">
        <div className="field">
          <label htmlFor="bookings-email">Bookings for the email address</label>
          <input
            id="bookings-email"
            ref={input}
            type="email"
            name="email"
            defaultValue={user.email}
            autoComplete="email"
            aria-describedby={refusal ? 'bookings-refusal' : undefined}
            aria-invalid={refusal ? true : undefined}
          />
        </div>
        <button type="submit" className="btn btn--secondary" aria-disabled={asking || undefined}>
          Show bookings
        </button>
      </form>
      {refusal ? (
        <p id="bookings-refusal" className="portal-alert" role="alert">
          {refusal}
        </p>
      ) : (
        <BookingList copy={copy} owner={user.id} onChat={onChat} returnTo={returnTo} named={named} />
      )}
    </div>
  );
}

function BookingList({
  copy,
  owner,
  onChat,
  returnTo,
  named,
}: {
  copy: Copy;
  owner: string;
  onChat: (bookingId: string) => void;
  returnTo: string | null;
  named: string | null;
}) {
  const copied = useBookings(owner);
  // The work to come soonest first, then the rest (booking-order.ts), not the newest made first. Each card keeps the place
  // it was first shown in while the list is open: a booking cancelled or moved here jumped away from under the focus on
  // it (as the admin's quotes do: keyWhenShown). The next time the tab opens, they go where they now belong.
  const shownAt = useRef(new Map<string, string>());
  const bookings = useMemo(() => {
    if (!copied) return copied;
    const day = today();
    for (const booking of copied) if (!shownAt.current.has(booking.id)) shownAt.current.set(booking.id, orderKey(booking, day));
    return [...copied].sort((a, b) => shownAt.current.get(a.id)!.localeCompare(shownAt.current.get(b.id)!));
  }, [copied]);
  const replies = useNewReplies(owner);
  const newReply = useReplyAnnouncement(bookings, replies);
  if (bookings === undefined || (bookings.length === 0 && emptyBecause(copy) === 'loading')) return <p role="status">Loading your bookings…</p>;
  if (bookings.length === 0 && emptyBecause(copy) === 'signed-out') return <p role="status">{signInToSee('bookings')}</p>;
  if (bookings.length === 0 && emptyBecause(copy) === 'failed') {
    return <CopyFailed words="Error loading bookings. Please try again." onRetry={copy.refresh} />;
  }
  return bookings.length === 0 ? (
    <div className="portal-empty">
      <p>
        <strong>No bookings found for this email address</strong>
      </p>
      <p>Submit a new booking to see it appear here</p>
    </div>
  ) : (
    <>
      <p className="visually-hidden" role="status">
        {newReply}
      </p>
      <div className="portal-print-row">
        <PrintButton what="your bookings" />
      </div>
      <ul className="portal-list" aria-label="Your bookings">
        {bookings.map((booking) => (
          <BookingCard
            key={booking.id}
            booking={booking}
            owner={owner}
            onChat={() => onChat(booking.id)}
            focusChat={booking.id === returnTo}
            named={booking.id === named && returnTo === null}
            newReplies={replies?.get(booking.id) ?? 0}
          />
        ))}
      </ul>
    </>
  );
}
