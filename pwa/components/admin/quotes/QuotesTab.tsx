import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import type { BookingView } from '#domain/views.ts';
import type { ShownQuote } from '../../../offline/admin-data.ts';
import { useRefusedItems } from '../../../offline/admin-data.ts';
import { deletedHere } from '../../../offline/admin-quote-commands.ts';
import { isGone } from '../../../offline/kinds.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { everything, matcher, searchCache } from '../find.ts';
import { foundWords, noMatch, SearchBox } from '../parts.tsx';
import { today } from '../format.ts';
import { askedBefore } from './asked-before.ts';
import { byKey, quoteKey } from './order.ts';
import type { QuoteKey } from './order.ts';
import type { AdminSearch } from '../search.ts';
import { GoneChanges } from './GoneWork.tsx';
import { QuoteCard } from './QuoteCard.tsx';
import { NewQuoteForm, newQuoteDraft } from './NewQuoteForm.tsx';
import { useFocusBack } from '../../../lib/focus-back.ts';
import { Icon } from '../../ui/Icon.tsx';

type Show = 'open' | 'all';

/** A card of the list: the quote as the device has it, or as it last was once deleted on another device (`gone`). */
type Listed = ShownQuote & { readonly gone?: true };

/**
 * A quote's fields as Find a quote compares them (find.ts), as Find a job does a job's: "Mrs Khan rang about her quote"
 * is her name, her number or her street, typed.
 */
const quoteSearchable = searchCache((quote: ShownQuote) => [
  personName(quote),
  quote.email,
  quote.phone,
  quote.address,
  quote.serviceType,
  serviceTypeLabel(quote.serviceType),
  quote.description,
  quote.notes,
]);

/** The cards drawn with the tab itself; the rest follow at once after, without holding up the tap that opened it. */
const FIRST_CARDS = 20;

/**
 * To Be Quoted (Quotes on small screens): a card per quote request, what needs action first (order.ts), pending
 * ones highlighted; converted and declined ones are listed under "All". `picked`: the request a toast's Open asked
 * for, whose name takes the focus in the middle of the screen.
 * Memoised: a pull that brings nothing for it does not draw it again.
 */
export const QuotesTab = memo(function QuotesTab({
  quotes,
  bookings,
  picked: linked,
  go,
}: {
  quotes: ShownQuote[] | undefined;
  bookings: BookingView[] | undefined;
  picked?: string | undefined;
  /** Opens the job a quote was converted to, in Bookings. */
  go: (search: AdminSearch) => void;
}) {
  const openJob = useCallback((id: string) => go({ tab: 'bookings', job: id }), [go]);
  const [show, setShow] = useState<Show>('open');
  // New quote: its form in place of the list (opened again with what was typed, when the admin left it for another tab;
  // not when a toast or a link opens a quote, which the list then shows).
  const [adding, setAdding] = useState(() => linked === undefined && newQuoteDraft().draft() !== null);
  // The request just written up (or the earlier one a repeat asks about) is picked out as a toast's Open picks one (its
  // name focused, in the middle of the screen), until a toast or a link picks another; back from the form with nothing
  // made, focus returns to the button.
  // `n`: each pick its own, so the same request picked again (Show that request, pressed twice) is picked again.
  const [made, setMade] = useState<{ id: string; over: string | undefined; n: number } | undefined>(undefined);
  const addBack = useFocusBack(adding);
  const picked = made && made.over === linked ? made.id : linked;
  const [query, setQuery] = useState('');
  const searched = useDeferredValue(query);
  const refused = useRefusedItems();
  const title = useRef<HTMLHeadingElement>(null);
  // A card stays while the tab is open even once it is no longer open work (just converted, say), so the
  // admin sees the outcome where they acted and focus is not lost.
  const shown = useRef(new Set<string>());
  // What needs him first (quoteKey: approved and waiting to be made a job, a follow-up due, new requests, then the
  // rest; high priority first within each), each card where it was when first shown: a card does not jump the moment
  // its quote is sent or edited (the admin would lose their place); the order is settled again when the tab reopens.
  const keyWhenShown = useRef(new Map<string, QuoteKey>());
  // Each card's quote as last shown, and the ones deleted from this device: a quote that leaves the device's copy
  // otherwise was deleted on another device, and its card stays (saying so) until closed, so a form half typed on it,
  // or a change of it that can no longer be saved, does not vanish without a word.
  const lastShown = useRef(new Map<string, ShownQuote>());
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const list = useMemo((): Listed[] => {
    const open = (quote: ShownQuote) => (!quote.bookingId && quote.quoteStatus !== 'rejected') || shown.current.has(quote.id);
    const rows: Listed[] = (quotes ?? []).filter((quote) => show === 'all' || open(quote));
    const day = today();
    for (const row of rows) {
      shown.current.add(row.id);
      lastShown.current.set(row.id, row);
      if (!keyWhenShown.current.has(row.id)) keyWhenShown.current.set(row.id, quoteKey(row, day));
    }
    if (quotes) {
      const present = new Set(quotes.map((quote) => quote.id));
      for (const [id, last] of lastShown.current) {
        if (present.has(id)) continue;
        // Never on the server (written up here, not sent): it left as discarded here (refused, then Discard; deleted
        // before it went), not deleted on another device.
        if (closed.has(id) || deletedHere.has(id) || last.pending === 'delete' || last.version === 0) lastShown.current.delete(id);
        else rows.push({ ...last, gone: true });
      }
    }
    return [...rows].sort((a, b) => byKey(keyWhenShown.current.get(a.id)!, keyWhenShown.current.get(b.id)!));
  }, [quotes, show, closed]);
  // A toast's Open picks a quote: a search typed before must not hide it.
  useEffect(() => {
    if (picked) setQuery('');
  }, [picked]);
  const found = useMemo(() => {
    const matches = matcher(searched);
    return matches === everything ? list : list.filter((quote) => matches(quoteSearchable(quote)));
  }, [list, searched]);
  // Changes to quotes deleted elsewhere whose cards are not here (the page was opened again since): listed on their own.
  const goneChanges = useMemo(() => (refused ?? []).filter((item) => isGone(item) && !list.some((quote) => quote.id === item.record)), [refused, list]);
  // The first cards with the tab, the rest just after in a transition (which gives way to a tap or a key): 600 cards
  // drawn in one go held the tap that opened the tab for half a second on a slow tablet.
  const [drawAll, setDrawAll] = useState(false);
  useEffect(() => startTransition(() => setDrawAll(true)), []);
  // A deleted quote's card goes: focus goes to the tab's heading once it has gone.
  const [deleted, setDeleted] = useState<string | null>(null);
  // A card deleted elsewhere, closed: it goes, and focus with it to the heading.
  const close = useCallback((id: string) => {
    setClosed((before) => new Set(before).add(id));
    setDeleted(id);
  }, []);
  useEffect(() => {
    if (!deleted || list.some((quote) => quote.id === deleted)) return;
    setDeleted(null);
    title.current?.focus();
  }, [deleted, list]);
  const pending = (quotes ?? []).filter((quote) => quote.quoteStatus === 'pending' && !quote.bookingId).length;
  // Once per pick: the card's name focused (a screen reader reads it), the card in the middle of the screen; under
  // "All" when it is no longer open work (made a job meanwhile).
  const pickedDone = useRef<string | null>(null);
  useEffect(() => {
    if (!picked || pickedDone.current === picked || quotes === undefined) return;
    if (!list.some((quote) => quote.id === picked)) {
      if (show === 'open' && quotes.some((quote) => quote.id === picked)) setShow('all');
      return;
    }
    const heading = document.getElementById(`quote-${picked}`);
    if (!heading) return;
    pickedDone.current = picked;
    heading.focus({ preventScroll: true });
    heading.closest('li')?.scrollIntoView({ block: 'center', behavior: 'instant' });
    // `found`: a search cleared for the pick hides the card until the list follows it; `made`: the same one picked again.
  }, [picked, list, found, quotes, show, drawAll, made]);

  // A request that repeats an earlier open one (the same person and service): its card says so, with a way to it.
  const repeats = useMemo(() => askedBefore(quotes ?? []), [quotes]);
  const showEarlier = useCallback(
    (id: string) => {
      pickedDone.current = null;
      setShow('open');
      setQuery('');
      setMade((was) => ({ id, over: linked, n: (was?.n ?? 0) + 1 }));
    },
    [linked],
  );
  const done = useCallback((id?: string) => {
    if (id) {
      pickedDone.current = null;
      setMade((was) => ({ id, over: linked, n: (was?.n ?? 0) + 1 }));
    } else addBack.closing();
    setAdding(false);
  }, [linked]);
  if (adding) return <NewQuoteForm bookings={bookings ?? []} quotes={quotes ?? []} onDone={done} />;

  return (
    <div className="admin-section">
      <div className="admin-toolbar">
        <h2 ref={title} tabIndex={-1} className="admin-section__title">
          To Be Quoted
        </h2>
        <p className="admin-muted">{pending === 1 ? '1 pending quote' : `${pending} pending quotes`}</p>
        <button ref={addBack.button} type="button" className="btn btn--primary admin-btn" onClick={() => setAdding(true)}>
          <Icon name="phone" size={18} />
          New quote
        </button>
      </div>
      <fieldset className="admin-segmented">
        <legend className="visually-hidden">Which quotes</legend>
        {(
          [
            ['open', 'Open quotes'],
            ['all', 'All, with converted and declined'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={`admin-segment${show === value ? ' admin-segment--on' : ''}`}>
            <input type="radio" name="quote-show" value={value} checked={show === value} onChange={() => setShow(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      {quotes && quotes.length > 0 ? (
        <div className="admin-filters">
          <SearchBox
            label="Find a quote"
            value={query}
            onChange={setQuery}
            placeholder="Name, phone, address…"
            found={foundWords(found.length, 'quote')}
          />
        </div>
      ) : null}
      <GoneChanges items={goneChanges} />
      {quotes === undefined ? (
        <p className="admin-empty">Loading quotes…</p>
      ) : list.length === 0 ? (
        <p className="admin-empty">{quotes.length === 0 ? 'No quote requests yet. Requests from the website’s quote form appear here.' : 'No open quote requests.'}</p>
      ) : found.length === 0 ? (
        <p className="admin-empty">{show === 'open' ? 'No open quotes match. Clear the search, or look under All.' : noMatch('quotes')}</p>
      ) : (
        <ul className="admin-cards">
          {(drawAll ? found : found.slice(0, FIRST_CARDS)).map((quote) => (
            <QuoteCard
              key={quote.id}
              quote={quote}
              bookings={bookings ?? []}
              refused={refused?.find((item) => item.record === quote.id)}
              onDeleted={setDeleted}
              gone={quote.gone === true}
              onClose={close}
              picked={quote.id === picked}
              earlier={repeats.get(quote.id)}
              onShowEarlier={showEarlier}
              onOpenJob={openJob}
            />
          ))}
        </ul>
      )}
    </div>
  );
});
