import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { TEL_HREF, whatsappHref } from '#domain/content/shared.ts';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import type { QuoteView, UserView } from '#domain/views.ts';
import { newCommandId } from '../../lib/api.ts';
import { toastSaved } from '../../lib/queue-form.ts';
import { toast } from '../../lib/toast.ts';
import { discardRefused } from '../../offline/outbox.ts';
import { keepQuote } from '../../offline/record-copy.ts';
import { submit } from '../../offline/submit.ts';
import { QUOTE_ANSWER_KIND } from '../../offline/kinds.ts';
import { useMyQuotes } from '../../offline/use-customer.ts';
import type { MirrorSync, Shown } from '../../offline/use-mirror.ts';
import { WaitingBadge } from './BookingCard.tsx';
import { formatPounds } from '#domain/money.ts';
import { londonDay } from '#domain/schemas/date-window.ts';
import { emptyBecause, signInToSee } from './copy-state.ts';
import { CopyFailed } from './CopyFailed.tsx';
import { RouterLink } from '../ui/RouterLink.tsx';
import { formatDay } from './format.ts';
import { VerifyNotice } from './VerifyNotice.tsx';
import { PrintButton } from '../ui/PrintButton.tsx';
import '../ui/status-badge.css';
import { useNamedRecord } from './named.ts';

/** A quote's status in words (seed point 4: pending, quoted, approved, rejected). */
const STATUS: Record<string, { text: string; tone: string }> = {
  pending: { text: 'Awaiting our quote', tone: 'grey' },
  quoted: { text: 'Quoted: please answer', tone: 'yellow' },
  approved: { text: 'Approved', tone: 'green' },
  rejected: { text: 'Declined', tone: 'red' },
};

/** A quote the business has booked as a job, whatever its answer was. */
const BOOKED = { text: 'Booked as a job', tone: 'green' };

/**
 * The customer's quotes (beyond the seed, product brief §5): status and estimated cost in pounds; a quoted one
 * can be approved or declined (after a second press, so a slip does nothing). Answers go through the outbox.
 */
export function MyQuotes({ user, copy, named = null }: { user: UserView; copy: MirrorSync; /** The quote a mailed link named (brought into view, focused, marked). */ named?: string | null }) {
  const quotes = useMyQuotes(user.id);
  return (
    <div className="portal-quotes">
      <div className="portal-section-head">
        <h2>My Quotes</h2>
        {quotes && quotes.length > 0 ? <PrintButton what="your quotes" /> : null}
      </div>
      <VerifyNotice user={user} />
      {/* Nothing on the device yet is not "no quotes": loading, or (no copy could be had) a way to try again. */}
      {quotes === undefined || (quotes.length === 0 && emptyBecause(copy) === 'loading') ? (
        <p role="status">Loading your quotes…</p>
      ) : quotes.length === 0 && emptyBecause(copy) === 'signed-out' ? (
        <p role="status">{signInToSee('quotes')}</p>
      ) : quotes.length === 0 && emptyBecause(copy) === 'failed' ? (
        <CopyFailed words="We could not load your quotes. Please try again." onRetry={copy.refresh} />
      ) : quotes.length === 0 ? (
        <div className="portal-empty">
          <p>
            <strong>No quotes yet</strong>
          </p>
          {user.emailVerified ? (
            <p>
              Ask for a free quote on{' '}
              <RouterLink to="/" hash="contact">
                our home page
              </RouterLink>
              : it appears here at once, and shows our price when we have priced it.
            </p>
          ) : (
            <p>Quotes sent under your email address show here once you have confirmed it, with the link we emailed you.</p>
          )}
        </div>
      ) : (
        <ul className="portal-list" aria-label="Your quotes">
          {quotes.map((quote) => (
            <QuoteCard key={quote.id} quote={quote} user={user} named={quote.id === named} />
          ))}
        </ul>
      )}
    </div>
  );
}

function QuoteCard({ quote, user, named }: { quote: Shown<QuoteView>; user: UserView; named: boolean }) {
  const [confirming, setConfirming] = useState<'approved' | 'rejected' | null>(null);
  // The price and what it includes as they were at the first press: the answer is to those. Changed while the question
  // is open (a pull), the question goes and the card shows the new figures with Approve and Decline again: a Yes pressed
  // then answered figures the customer had not been asked about.
  const seen = useRef<{ estimatedCost: string | null; scope: string | null } | null>(null);
  const ask = (to: 'approved' | 'rejected') => {
    seen.current = { estimatedCost: quote.estimatedCost, scope: quote.scope };
    setConfirming(to);
  };
  const approve = useRef<HTMLButtonElement>(null);
  const decline = useRef<HTMLButtonElement>(null);
  // The button that asked, to have the focus back once the question has gone and it is on the page again: after that
  // render, not at the next frame (on a slow phone the frame came first, before the button was back, and the focus was
  // lost to the page's body).
  const focusBack = useRef<RefObject<HTMLButtonElement | null> | null>(null);
  useEffect(() => {
    if (confirming || !focusBack.current) return;
    focusBack.current.current?.focus();
    focusBack.current = null;
  }, [confirming]);
  useEffect(() => {
    const asked = seen.current;
    if (!confirming || !asked || (asked.estimatedCost === quote.estimatedCost && asked.scope === quote.scope)) return;
    focusBack.current = confirming === 'approved' ? approve : decline;
    setConfirming(null);
  }, [confirming, quote.estimatedCost, quote.scope]);
  const heading = useRef<HTMLHeadingElement>(null);
  useNamedRecord(named, quote.id, heading);
  const title = serviceTypeLabel(quote.serviceType);
  const cost = formatPounds(quote.estimatedCost);
  // Booked as a job (priced and booked on the phone, say): nothing waits for the customer's answer any more.
  const status = quote.bookingId ? BOOKED : (STATUS[quote.quoteStatus] ?? { text: quote.quoteStatus.replace(/_/g, ' '), tone: 'grey' });
  const ids = { heading: `quote-${quote.id}`, cost: `quote-${quote.id}-cost`, scope: `quote-${quote.id}-scope` };
  // Approve and Decline are read with the price and what it includes, so nobody answers a price unheard.
  const describedBy = quote.scope ? `${ids.cost} ${ids.scope}` : ids.cost;
  const answer = async (to: 'approved' | 'rejected') => {
    setConfirming(null);
    // The buttons go: the focus goes to the quote's heading, beside its new status (not to the page's body).
    requestAnimationFrame(() => heading.current?.focus());
    // An answer refused before (the price changed after the screen showed it) is replaced by this one, to the price shown now.
    if (quote.waiting?.state === 'failed') await discardRefused(quote.id, (item) => item.kind === QUOTE_ANSWER_KIND);
    const outcome = await submit({
      id: newCommandId(),
      kind: QUOTE_ANSWER_KIND,
      values: { answer: to },
      label: `${to === 'approved' ? 'Approval' : 'Decline'} of the quote for ${title}`,
      method: 'POST',
      path: `/api/quotes/${quote.id}/${to === 'approved' ? 'approve' : 'decline'}`,
      // The price and what it includes as shown: changed on the server since (this phone offline meanwhile), the answer
      // is refused and the card shows the new price, never an approval of a price the customer did not see.
      body: seen.current ?? { estimatedCost: quote.estimatedCost, scope: quote.scope },
      record: quote.id,
      owner: user.id,
    });
    // Refused as it was sent: the quote as the server has it now went into the device's copy with the refusal
    // (record-copy.ts keepCurrent), its new price shown at once.
    // Sent: the quote as answered goes into the device's copy at once (the card went back to Approve and Decline until
    // the next pull, and a second press was refused).
    if (outcome.kind === 'sent') {
      await keepQuote(outcome.data, user.id);
      void toast.success(to === 'approved' ? 'Quote Approved' : 'Quote Declined', to === 'approved' ? 'Thank you. We will be in touch to book the work.' : 'Thank you for letting us know.');
    }
    else if (outcome.kind === 'queued') toastSaved(outcome);
    else void toast.error('Not Sent', outcome.message);
  };
  // Not now: the focus goes back to the button that asked.
  const notNow = () => {
    focusBack.current = confirming === 'approved' ? approve : decline;
    setConfirming(null);
  };
  return (
    <li className={`card portal-quote${named ? ' portal-card--named' : ''}`} aria-labelledby={ids.heading} aria-current={named || undefined}>
      <div className="portal-booking__head">
        <h3 id={ids.heading} ref={heading} tabIndex={-1}>
          {title}
        </h3>
        {named ? <span className="portal-named">Opened from your email</span> : null}
        <span className={`status-badge status-badge--${status.tone} portal-quote__status`}>{status.text}</span>
        <WaitingBadge waiting={quote.waiting} />
      </div>
      {/* Where, as well as when: two quotes for the same service (two addresses) read the same without it. */}
      <p className="portal-muted">
        {/* The UK day it was asked on: the stored time is UTC, whose date is the day before until 1 am in summer. */}
        You asked on {formatDay(londonDay(new Date(quote.createdAt)))}
        {quote.address ? <>, for {quote.address}</> : null}
      </p>
      {/* The day they would like us, until the job is booked (its dates are then under My Bookings). */}
      {quote.preferredDate && !quote.bookingId ? <p className="portal-muted">Preferred date: {formatDay(quote.preferredDate)}</p> : null}
      {quote.bookingId ? (
        <p className="portal-quote__booked">We have booked the work: it is under My Bookings, with its dates.</p>
      ) : quote.quoteStatus === 'approved' && !quote.waiting ? (
        // What comes next, kept on the card: the toast that said it was gone in seconds.
        <p className="portal-quote__booked">Thank you for approving it. We will be in touch to book the work.</p>
      ) : null}
      <p className="portal-quote__cost" id={ids.cost}>
        Estimated cost: <strong>{cost ?? 'not priced yet'}</strong>
        {cost ? ` (${BUSINESS.priceIncludes})` : null}
      </p>
      {quote.scope ? (
        <div className="portal-quote__scope" id={ids.scope}>
          <h4>What the price includes</h4>
          <p>{quote.scope}</p>
        </div>
      ) : null}
      {quote.description ? <p>{quote.description}</p> : null}
      {quote.quoteStatus === 'quoted' && !quote.bookingId && (!quote.waiting || quote.waiting.state === 'failed') ? (
        confirming ? (
          // Keyed apart from the first two buttons: React would otherwise reuse their elements, and the focus stayed on
          // Approve as it turned into "Yes, approve".
          // Escape answers as "Not now" does, as the cancel question and Change dates of a booking do.
          <div
            key="confirm"
            className="btn-row"
            role="group"
            aria-label="Confirm your answer"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                notNow();
              }
            }}
          >
            <button type="button" className="btn btn--primary btn--small" aria-describedby={describedBy} onClick={() => void answer(confirming)}>
              {confirming === 'approved' ? `Yes, approve ${cost ?? 'this quote'}` : 'Yes, decline it'}
            </button>
            {/* The focus on the safe choice: one Enter too many (a tremor, a bouncing key) must not accept a price. */}
            <button type="button" className="btn btn--secondary btn--small" autoFocus onClick={notNow}>
              {/* Beside a quote, "Cancel" read as cancelling the quote. */}
              Not now
            </button>
          </div>
        ) : (
          <div key="ask" className="btn-row">
            <button type="button" ref={approve} className="btn btn--primary btn--small" aria-describedby={describedBy} onClick={() => ask('approved')}>
              Approve<span className="visually-hidden"> the quote for {title}</span>
            </button>
            <button type="button" ref={decline} className="btn btn--secondary btn--small" aria-describedby={describedBy} onClick={() => ask('rejected')}>
              Decline<span className="visually-hidden"> the quote for {title}</span>
            </button>
          </div>
        )
      ) : null}
      {/* A quote has no chat of its own (a booking's does): a question about the price, or a change of mind after
          declining it, had nowhere to go from here. The phone and WhatsApp, the message naming the quote. */}
      {!quote.bookingId && (quote.quoteStatus === 'quoted' || quote.quoteStatus === 'rejected') && !quote.waiting ? (
        <p className="portal-muted portal-quote__ask">
          {quote.quoteStatus === 'rejected' ? 'Changed your mind, or want it priced another way? ' : 'A question about this quote? '}
          Call us on <a href={TEL_HREF}>{BUSINESS.phone}</a> or{' '}
          <a href={whatsappHref(`Hello, it’s ${[user.firstName, user.lastName].filter(Boolean).join(' ')} about my quote for ${title}${cost ? ` (${cost})` : ''}.`)} target="_blank" rel="noopener noreferrer">
            message us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
      ) : null}
    </li>
  );
}

