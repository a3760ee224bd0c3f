import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BookingView } from '#domain/views.ts';
import type { QuoteView } from '#domain/views.ts';
import { useRefusedItems } from '../../../offline/admin-data.ts';
import type { Thread } from '../../../offline/admin-data.ts';
import type { OutboxItem } from '../../../offline/db.ts';
import { refusedNewJob, type ShownBooking } from '../../../offline/use-mirror.ts';
import { Icon } from '../../ui/Icon.tsx';
import { everything, matcher, searchCache } from '../find.ts';
import { useToday } from '../format.ts';
import { JOB_WHENS, saveListLook, type AdminSearch, type JobFilter, type JobOrder, type JobView, type JobWhen } from '../search.ts';
import { BookingCard } from './BookingCard.tsx';
import { bookedTwice } from './booked-twice.ts';
import { jobSearchFields } from './job-search.ts';
import { ManualBookingForm } from './ManualBookingForm.tsx';
import { byJobDay, jobRank, onDay, stillOpen, unpaid } from './order.ts';
import { keptClashes, NO_CLASHES, problemOf, type Problem } from './problems.ts';
import { PAGE, ShowMore, useBackToRow, usePages } from '../more.tsx';
import { noMatch, PrintButton, ScreenHead, SearchBox, StatusOptions } from '../parts.tsx';
import { useFocusBack } from '../../../lib/focus-back.ts';
import { JobsNow } from '../context.ts';

/**
 * Each job's fields as Find a job compares them (jobSearchFields, the admin's notes included), made once per job rather
 * than at every key, and kept while the job is unchanged (also when the tab is opened again).
 */
const jobSearchable = searchCache(jobSearchFields);

/** How many jobs are made searchable ahead of typing at a time (a few milliseconds' work on a slow tablet). */
const WARM_SLICE = 100;

/**
 * Bookings (Jobs on small screens): 'Add Manual Booking', a search, a status filter (the counters set it), or
 * today's jobs, or past jobs still open (to mark completed), and an order, and the jobs, newest first or by the day
 * of the work, thirty at a time so a long history stays quick on a tablet. Above them, how many jobs today and how
 * many past ones are still open, each a tap to show. The filter and the order are in the URL. Memoised: a pull that
 * brings nothing for it (the sync line's time moved on) does not draw it again.
 */
export const BookingsTab = memo(function BookingsTab({
  bookings,
  quotes,
  threads,
  place: here,
  returnTo,
  onReturned,
  go,
}: {
  bookings: ShownBooking[] | undefined;
  /** The device's copy of the quotes: a job made from one shows what was agreed (its price, scope and notes). */
  quotes: readonly QuoteView[] | undefined;
  /** Each job's chat summed up (threadsOf), for its Chat button's count and New badge. */
  threads: ReadonlyMap<string, Thread>;
  place: AdminSearch;
  /** The job whose chat (opened from its card) the admin just left: its Chat button takes the focus (null once it has). */
  returnTo: string | null;
  onReturned: () => void;
  go: (search: AdminSearch) => void;
}) {
  const { status: filter, when, order, view } = here;
  const compact = view === 'compact';
  const [adding, setAdding] = useState(false);
  const [query, setQuery] = useState('');
  // The list follows the search a moment behind the box: the box shows each key at once, and React renders the list
  // for the latest query when it can, dropping a render a newer key has made stale (a mid-range phone lagged up to
  // 184 ms a key). Until it has, the list is marked as out of date (dimmed, aria-busy), never shown as the answer.
  const searched = useDeferredValue(query);
  const stale = searched !== query;
  // Thirty at a time; Show more puts the focus on the first new job's name.
  const pages = usePages('h3', [searched, filter, when, order].join('\n'));
  const { shown, setShown, list, more } = pages;
  // Back from the form, focus returns to the button that opened it (once the list is on the page again).
  const addBack = useFocusBack(adding);
  // A toast's Open: the job picked out, once per pick — the search cleared (it might hide it), enough of the list shown,
  // its name focused (a screen reader reads it) and its card in the middle of the screen.
  const picked = here.job;
  const pickedDone = useRef<string | null>(null);
  useEffect(() => {
    if (picked && pickedDone.current !== picked) setQuery('');
  }, [picked]);
  const refused = useRefusedItems();
  const quoteById = useMemo(() => new Map((quotes ?? []).map((quote) => [quote.id, quote])), [quotes]);
  const refusedByJob = useMemo(() => {
    const map = new Map<string, OutboxItem>();
    for (const item of refused ?? []) if (item.record && !map.has(item.record)) map.set(item.record, item);
    return map;
  }, [refused]);
  // What a refused change stands for (its status as the job is now): made again when the jobs change, for the few
  // cards that have one. A clash's panel names the jobs in the way itself (JobsNow).
  const heldByJob = useMemo(() => {
    const map = new Map<string, Problem>();
    for (const [id, item] of refusedByJob) {
      const problem = problemOf(item, bookings ?? []);
      if (problem) map.set(id, problem);
    }
    return map;
  }, [refusedByJob, bookings]);
  // Each booked job's double bookings, found once for all the jobs when they change (not by each card scanning all of
  // them), a job's list kept while its clashes are the same jobs: a change to one job redraws its own card (and those
  // of the jobs it clashes or clashed with), not every card on the screen.
  const clashesSeen = useRef<ReadonlyMap<string, readonly BookingView[]>>(new Map());
  // A new job the server refused (made offline, its day booked meanwhile) is not booked: its own card says so and offers
  // its choices, but it is no clash of the others, nor one of the day's jobs (as the counters and calendar leave it out).
  const booked = useMemo(() => (bookings ?? []).filter((job) => !refusedNewJob(job)), [bookings]);
  const clashesByJob = useMemo(() => keptClashes(clashesSeen.current, booked), [booked]);
  useLayoutEffect(() => {
    clashesSeen.current = clashesByJob;
  }, [clashesByJob]);
  // A booking that repeats an earlier one of the same person and service on the same days: its card says so, with a way
  // to the earlier one (its card picked out, the filter and search cleared, the order and view kept).
  const twins = useMemo(() => bookedTwice(booked), [booked]);
  const pickedNow = useRef(picked);
  useLayoutEffect(() => {
    pickedNow.current = picked;
  }, [picked]);
  const showTwin = useCallback(
    (id: string) => {
      setQuery('');
      // Shown once already (the pick the same, nothing new to follow) and on the page: its card is brought to at once.
      const heading = document.getElementById(`job-${id}`);
      if (pickedNow.current === id && heading) {
        heading.focus({ preventScroll: true });
        heading.closest('li')?.scrollIntoView({ block: 'center', behavior: 'instant' });
        return;
      }
      pickedDone.current = null;
      go({ tab: 'bookings', ...(order ? { order } : {}), ...(view ? { view } : {}), job: id });
    },
    [go, order, view],
  );
  // The jobs as they are when a card asks (a status or dates chosen: would it double-book?), through a getter that
  // stays the same function: the list itself as a prop is new at every change, and drew every card again.
  const latest = useRef(booked);
  useLayoutEffect(() => {
    latest.current = booked;
  }, [booked]);
  const jobsNow = useCallback((): readonly BookingView[] => latest.current, []);
  // A job shown under the status filter stays while the filter is on, even once its status moved away (the card
  // does not vanish under the admin's thumb, and the focus stays on its status); another filter starts over.
  const day = useToday();
  const shownUnder = useRef({ filter: filter ?? when, ids: new Set<string>() });
  // Likewise in the order by job day: a job keeps the group it was shown in (to do, no day yet, done) while the order
  // and filter stay, so one marked completed stays where it is, and the card below does not slide under the admin's
  // thumb as they reach for it; shown afresh (another order, filter, tab or day), it goes among the done.
  const rankedUnder = useRef({ key: '', ranks: new Map<string, number>() });
  const matching = useMemo(() => {
    const matches = matcher(searched);
    if (shownUnder.current.filter !== (filter ?? when)) shownUnder.current = { filter: filter ?? when, ids: new Set() };
    const kept = shownUnder.current.ids;
    const rankKey = `${order}|${filter ?? when}|${day}`;
    if (rankedUnder.current.key !== rankKey) rankedUnder.current = { key: rankKey, ranks: new Map() };
    const ranks = rankedUnder.current.ranks;
    const rankOf = (job: BookingView): number => {
      let rank = ranks.get(job.id);
      if (rank === undefined) ranks.set(job.id, (rank = jobRank(job, day)));
      return rank;
    };
    const found = (bookings ?? []).filter((job) => {
      if (filter && (job.status || 'pending').replace(/-/g, '_') !== filter && !kept.has(job.id)) return false;
      if (when === 'today' && !onDay(job, day) && !kept.has(job.id)) return false;
      if (when === 'open' && !stillOpen(job, day) && !kept.has(job.id)) return false;
      if (when === 'unpaid' && !unpaid(job) && !kept.has(job.id)) return false;
      return matches === everything || matches(jobSearchable(job));
    });
    for (const job of found) kept.add(job.id);
    // A day's jobs by their hours; past jobs still open, the oldest first (the longest left open).
    if (when === 'today') return byJobDay(found, day, rankOf);
    // Past jobs still open, and the money still to come in: the oldest first (the longest left open, or unpaid).
    if (when === 'open' || when === 'unpaid') return byJobDay(found, day, rankOf).reverse();
    return order === 'date' ? byJobDay(found, day, rankOf) : found;
  }, [bookings, filter, when, order, searched, day]);
  // The jobs made searchable ahead of the first key, a slice at a time between other work: made only when the admin typed,
  // the first key waited for all 2,000 (and made at once, opening the portal did).
  useEffect(() => {
    if (!bookings) return;
    let next = 0;
    let timer = setTimeout(function warm() {
      const end = Math.min(next + WARM_SLICE, bookings.length);
      for (; next < end; next++) jobSearchable(bookings[next]!);
      if (next < bookings.length) timer = setTimeout(warm, 0);
    }, 0);
    return () => clearTimeout(timer);
  }, [bookings]);
  useEffect(() => {
    if (!picked || pickedDone.current === picked || searched !== '' || adding) return;
    const index = matching.findIndex((job) => job.id === picked);
    if (index < 0) return;
    if (index >= shown) return setShown(Math.ceil((index + 1) / PAGE) * PAGE);
    const heading = document.getElementById(`job-${picked}`);
    if (!heading) return;
    pickedDone.current = picked;
    heading.focus({ preventScroll: true });
    heading.closest('li')?.scrollIntoView({ block: 'center', behavior: 'instant' });
  }, [picked, matching, shown, searched, adding]);
  // Back from a job's chat, its card's Chat button has the focus, its card drawn however far down the list it is.
  useBackToRow(returnTo, bookings === undefined || stale ? undefined : matching, pages, onReturned);
  // What the day holds, said above the list: today's jobs, and booked jobs whose days have gone by unclosed.
  const todays = useMemo(() => booked.filter((job) => onDay(job, day)).length, [booked, day]);
  const unclosed = useMemo(() => booked.filter((job) => stillOpen(job, day)).length, [booked, day]);
  const owed = useMemo(() => (bookings ?? []).filter(unpaid).length, [bookings]);
  const place = (change: { status?: JobFilter | undefined; when?: JobWhen | undefined; order?: JobOrder | undefined; view?: JobView | undefined }): AdminSearch => {
    const next = { status: filter, when, order, view, ...change };
    return {
      tab: 'bookings',
      ...(next.status ? { status: next.status } : next.when ? { when: next.when } : {}),
      ...(next.order ? { order: next.order } : {}),
      ...(next.view ? { view: next.view } : {}),
    };
  };
  // An order or view chosen is kept on the tablet for the next time the portal opens (search.ts savedListLook).
  const look = (change: { order?: JobOrder | undefined; view?: JobView | undefined }) => {
    const next = place(change);
    saveListLook({ ...(next.order ? { order: next.order } : {}), ...(next.view ? { view: next.view } : {}) });
    go(next);
  };
  const show = (value: string) => {
    const picked = (JOB_WHENS as readonly string[]).includes(value) ? { status: undefined, when: value as JobWhen } : { status: (value || undefined) as JobFilter | undefined, when: undefined };
    go(place(picked));
  };

  // The list's count, and what an empty list says instead (seen above the list, and read out, below).
  const count = matching.length === 1 ? '1 job' : `${matching.length} jobs`;
  const empty =
    (bookings ?? []).length === 0
      ? 'No bookings yet. Jobs from the website and the customer portal appear here.'
      : searched.trim()
        ? filter
          ? 'No jobs match. Clear the search or show all jobs.'
          : noMatch('jobs')
        : when === 'today'
          ? 'No jobs today. Show all jobs to see the others.'
          : when === 'open'
            ? 'Every past job is closed: completed or cancelled.'
            : when === 'unpaid'
              ? 'Every completed job is marked paid.'
              : 'No jobs with this status. Show all jobs to see the others.';

  if (adding) {
    return (
      <ManualBookingForm
        bookings={bookings ?? []}
        onDone={() => {
          addBack.closing();
          setAdding(false);
        }}
      />
    );
  }
  return (
    <div className="admin-section">
      <ScreenHead title="Bookings">
        <button ref={addBack.button} type="button" className="btn btn--primary admin-btn" onClick={() => setAdding(true)}>
          <Icon name="calendar" size={18} />
          Add Manual Booking
        </button>
      </ScreenHead>
      {/* Right under the heading, where a phone sees them without scrolling. */}
      {bookings !== undefined && !filter && !when && (todays > 0 || unclosed > 0 || owed > 0) ? (
        <p className="admin-jobs-day">
          {todays > 0 ? (
            <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => show('today')}>
              {todays === 1 ? '1 job today' : `${todays} jobs today`}
            </button>
          ) : null}
          {unclosed > 0 ? (
            <button type="button" className="btn btn--secondary admin-btn admin-btn--compact admin-jobs-day__open" onClick={() => show('open')}>
              {unclosed === 1 ? '1 past job still open' : `${unclosed} past jobs still open`}
            </button>
          ) : null}
          {owed > 0 ? (
            <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => show('unpaid')}>
              {owed === 1 ? '1 done, not paid' : `${owed} done, not paid`}
            </button>
          ) : null}
        </p>
      ) : null}
      <div className="admin-filters">
        <SearchBox label="Find a job" value={query} onChange={setQuery} placeholder="Name, phone, address…" />
        <label className="admin-select">
          <span className="admin-select__label">Show</span>
          <select value={filter ?? when ?? ''} onChange={(event) => show(event.target.value)}>
            <option value="">All jobs</option>
            <StatusOptions />
            <option value="today">Today’s jobs</option>
            {/* Short enough for the select on a phone ("Past jobs still open" was cut off). */}
            <option value="open">Still open</option>
            <option value="unpaid">Done, not paid</option>
          </select>
        </label>
        {/* Today's jobs are listed by the hour and past jobs still open oldest first, whatever the order chosen: the
            box says so rather than offer an order that would not apply. */}
        {when ? (
          <p className="admin-select admin-order-fixed">
            <span className="admin-select__label">Order</span>
            <span className="admin-order-fixed__value">{when === 'today' ? 'By the hour, done last' : 'Oldest first'}</span>
          </p>
        ) : (
          <label className="admin-select">
            <span className="admin-select__label">Order</span>
            <select value={order ?? ''} onChange={(event) => look({ order: (event.target.value || undefined) as JobOrder | undefined })}>
              <option value="">Newest first</option>
              <option value="date">Next job first</option>
            </select>
          </label>
        )}
      </div>
      {/* What a search or a filter leaves, read out from a region that stays on the page: the count went with the list
          when nothing matched, and the 'No jobs match' put in its place was not announced. */}
      <p className="visually-hidden" role="status">
        {bookings === undefined ? '' : matching.length === 0 ? empty : count}
      </p>
      <div className={`admin-results${stale ? ' admin-results--stale' : ''}`} aria-busy={stale || undefined}>
        {bookings === undefined ? (
          <p className="admin-empty">Loading jobs…</p>
        ) : matching.length === 0 ? (
          <p className="admin-empty">{empty}</p>
        ) : (
          <>
            <div className="admin-count-row">
              <p className="admin-count">{count}</p>
              {/* Compact: a day's plan at a glance (when, where, who to ring, the status and the chat); More shows the rest. */}
              <div className="admin-count-row__actions">
                <PrintButton what="these jobs" />
                <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" aria-pressed={compact} onClick={() => look({ view: compact ? undefined : 'compact' })}>
                  Compact list
                </button>
              </div>
            </div>
            {/* The jobs as they are now for the panels that name jobs in the way (drawn again with them; the cards are not). */}
            <JobsNow.Provider value={bookings}>
              <ul ref={list} className={`admin-cards${compact ? ' admin-cards--compact' : ''}`}>
                {matching.slice(0, shown).map((job) => (
                  <BookingCard
                    key={job.id}
                    job={job}
                    overlaps={clashesByJob.get(job.id) ?? NO_CLASHES}
                    jobs={jobsNow}
                    quote={job.quoteId ? quoteById.get(job.quoteId) : undefined}
                    thread={threads.get(job.id)}
                    refused={refusedByJob.get(job.id)}
                    held={heldByJob.get(job.id) ?? null}
                    go={go}
                    compact={compact}
                    picked={job.id === picked}
                    twin={twins.get(job.id)}
                    onShowTwin={showTwin}
                  />
                ))}
              </ul>
            </JobsNow.Provider>
            <ShowMore total={matching.length} shown={shown} onMore={more} />
          </>
        )}
      </div>
    </div>
  );
});
