import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { UserView } from '#domain/views.ts';
import { placeToasts, toast, warmToaster } from '../../lib/toast.ts';
import { threadsOf, useAdminQuotes, useAllMessages, useChatMarks, useContacts } from '../../offline/admin-data.ts';
import { forgetEndedAdmin } from '../../offline/sign-out.ts';
import { keepSiteData } from '../../offline/start.ts';
import type { Connection } from '../../offline/page-state.ts';
import { useConnection } from '../../offline/use-outbox.ts';
import { MESSAGES_PULL_EVERY_MS, refusedNewJob, useBookings, useHasCopy, useMirrorSync } from '../../offline/use-mirror.ts';
import { AdminAccount } from './AdminAccount.tsx';
import { AdminTabs } from './AdminTabs.tsx';
import { InstallApp } from './InstallApp.tsx';
import { MailTrouble } from './MailTrouble.tsx';
import { newsSince, useArrivals, useEnquiryArrivals, useMessageArrivals } from './arrivals.ts';
import { BookingsTab } from './bookings/BookingsTab.tsx';
import { CalendarTab } from './calendar/CalendarTab.tsx';
import { ChatTab } from './chat/ChatTab.tsx';
import { ContactsTab, enquiryWaits } from './contacts/ContactsTab.tsx';
import { AdminContext } from './context.ts';
import { Counters } from './Counters.tsx';
import { moment } from './format.ts';
import { clearOfTabs } from './more.tsx';
import { QuotesTab } from './quotes/QuotesTab.tsx';
import { savedListLook } from './search.ts';
import type { AdminSearch, AdminTab } from './search.ts';
import { SignOut } from './SignOut.tsx';

const route = getRouteApi('/admin');

/** Places that are the same object at every render, so the tabs (memoised) are not drawn again for them. */
const NOWHERE: AdminSearch = {};
const CHAT_LIST: AdminSearch = { tab: 'chat' };

/**
 * The signed-in admin's screen (seed point 2): who is signed in and how fresh the tablet's copy is, the four
 * counters, and the five tabs. Everything reads the device's copy with the outbox laid over it, so it works
 * with no signal and a change shows at once.
 */
export function Dashboard({ user }: { user: UserView }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const tab: AdminTab = search.tab ?? 'bookings';
  const signedOut = useCallback(() => {
    void forgetEndedAdmin();
    // One toast with the outbox's own (offline/start.ts), which may say the same as a change is sent.
    void toast.info('Please sign in again', 'Your sign-in has ended. Changes not yet sent are kept on this device and go once you have signed in.', { once: 'sign-in-needed' });
  }, []);
  const [since] = useState(newsSince);
  const status = useMirrorSync(user, { everyMs: MESSAGES_PULL_EVERY_MS, onSignedOut: signedOut, firstCopySince: since });
  const { refresh } = status;
  // Until the tablet's first copy is in, its empty tables are not "No bookings yet": the lists say they are loading
  // (and the line at the top why nothing comes, when it does not).
  const hasCopy = useHasCopy(user.id);
  // The day's work runs from this copy with no signal: the browser is asked not to clear it when short of space.
  useEffect(() => {
    if (hasCopy) keepSiteData();
  }, [hasCopy]);
  const bookingsCopy = useBookings(user.id);
  const quotesCopy = useAdminQuotes();
  const contactsCopy = useContacts();
  const bookings = hasCopy ? bookingsCopy : undefined;
  const quotes = hasCopy ? quotesCopy : undefined;
  const contacts = hasCopy ? contactsCopy : undefined;
  // The jobs in the diary: not one made on this tablet that the server refused (a clash found as it went, a file not
  // taken). Counted, in the calendar, the day's route and the exports, it read as a confirmed job nobody had booked.
  const booked = useMemo(() => bookings?.filter((job) => !refusedNewJob(job)), [bookings]);
  // Those who wrote to us (the contact form, a support request) and wait for an answer: counted on the Contacts tab.
  const waitingEnquiries = useMemo(() => (contacts ?? []).filter(enquiryWaits).length, [contacts]);
  const messages = useAllMessages(user.id);
  const marks = useChatMarks();
  // The job list's filter, order and view, kept while another tab is open, so the Bookings tab (or a counter)
  // brings the list back as it was left.
  const jobsPlace = useRef<Pick<AdminSearch, 'status' | 'when' | 'order' | 'view'>>(savedListLook());
  // A toast's button goes from where the admin is when it is pressed (not when the toast came): `go` as it is then.
  const goNow = useRef<(next: AdminSearch) => void>(() => undefined);
  const open = useCallback((place: AdminSearch) => {
    // A job picked out, or the new requests, in the list as it comes (newest first), in the admin's kept view.
    const view = place.tab === 'bookings' && jobsPlace.current.view ? { view: jobsPlace.current.view } : {};
    goNow.current({ ...view, ...place });
  }, []);
  useArrivals(bookings, quotes, status.firstCopy, open, user.id);
  useMessageArrivals(messages, bookings, tab === 'chat' ? search.booking : undefined, status.firstCopy, open);
  useEnquiryArrivals(contacts, status.firstCopy, open);
  // The chats whose customer waits for an answer: the Chat list's "New" (threadsOf), counted on the Chat tab. Not
  // those whose latest message the admin marked as needing no reply.
  // Summed up once here for the counts, the job cards and the chat list (each tab read all the messages again).
  const threads = useMemo(() => threadsOf(messages ?? [], marks), [messages, marks]);
  const waitingChats = useMemo(() => {
    const jobs = new Set((bookings ?? []).map((b) => b.id));
    return [...threads].filter(([id, thread]) => thread.unanswered && jobs.has(id)).length;
  }, [threads, bookings]);
  const reach = useConnection();
  const panel = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Just signed in, the form that had focus is gone: focus starts at the portal's heading, not the page's body.
    if (document.activeElement === document.body || document.activeElement === null) title.current?.focus({ preventScroll: true });
  }, []);
  // The toasts over the site's header while the portal is open: below it, every spot is a working control. The
  // toaster's code comes now, with the signal (the tablet's first toast may come in a basement).
  useEffect(() => {
    warmToaster();
    placeToasts('header');
    return () => placeToasts('page');
  }, []);
  const session = useMemo(() => ({ user, refresh }), [user, refresh]);
  // Where a chat opened from a job card or a calendar day goes back to (the chat list when opened from there).
  const [chatReturn, setChatReturn] = useState<AdminSearch | null>(null);
  // Whether the tab just picked had the tabs stuck under the header (null: no tab was picked).
  const opening = useRef<boolean | null>(null);
  const go = useCallback(
    (next: AdminSearch) => {
      const chat = next.tab === 'chat' && next.booking !== undefined;
      if (chat) setChatReturn(search.tab === 'chat' ? null : search);
      // Back from a chat to the jobs or the calendar: the place is kept, and the job's Chat button takes the focus
      // (and so comes into view), as it was before the chat opened.
      const to = next.tab ?? 'bookings';
      const backToList = to === 'bookings' || to === 'calendar' || (to === 'chat' && next.booking === undefined);
      const picks = next.job !== undefined || next.quote !== undefined;
      const from = search.tab === 'chat' && backToList && !picks ? search.booking : undefined;
      if (from !== undefined) setRefocus(from);
      // The page scrolls to the top only when another tab opens with something in it picked out (a tab itself picked:
      // `plain`, below): not within a tab (a filter, a month, a picked day, whose panel takes the focus), not for a chat
      // (it scrolls itself to its heading, ChatThread), not on the way back from one (the Chat button it came from takes
      // the focus).
      const sameTab = to === tab && !(tab === 'chat' && search.booking !== undefined);
      // A tab itself picked (or a counter), with nothing in it picked out: it opens where the eye is (opensTab, below),
      // not at the page's top, 450 px above the panel on a tablet on its side.
      const plain = !chat && from === undefined && !sameTab && !picks && next.person === undefined && next.day === undefined && next.booking === undefined;
      if (plain) opening.current = tabsStuck(panel.current);
      // Another look at the same place (a filter, an order, the compact view, a month stepped through) takes the place
      // of the one before in the history: the tablet's Back went back through every filter tried and every month passed.
      // A job, quote, person, chat or day picked is a step of its own, which Back returns from.
      const looks = sameTab && next.booking === search.booking && next.person === search.person && next.job === undefined && next.quote === undefined && (next.day === undefined || next.day === search.day);
      void navigate({ search: next, replace: looks, resetScroll: !plain && !chat && from === undefined && !sameTab });
    },
    [navigate, search, tab],
  );
  useEffect(() => {
    goNow.current = go;
  }, [go]);
  useLayoutEffect(() => {
    const stuck = opening.current;
    opening.current = null;
    if (stuck !== null && panel.current) opensTab(panel.current, tab, stuck);
  }, [tab]);
  // The job list opened afresh with no order or view of its own (the portal opened in the morning) takes those the admin
  // last chose (BookingsTab keeps them as they are chosen), in the address's place. Not for a job picked out (a mail's or
  // a toast's link): it is shown in the list as it comes.
  const looked = useRef(false);
  useEffect(() => {
    if (looked.current) return;
    looked.current = true;
    const look = savedListLook();
    const plain = search.order === undefined && search.view === undefined && search.job === undefined;
    if (tab === 'bookings' && plain && (look.order || look.view)) void navigate({ search: { ...search, ...look }, replace: true });
  }, [tab, search, navigate]);
  // (The job list's filter, order and view, kept while another tab is open: jobsPlace, above.)
  useEffect(() => {
    if (tab === 'bookings') {
      jobsPlace.current = {
        ...(search.status ? { status: search.status } : {}),
        ...(search.when ? { when: search.when } : {}),
        ...(search.order ? { order: search.order } : {}),
        ...(search.view ? { view: search.view } : {}),
      };
    }
  }, [tab, search.status, search.when, search.order, search.view]);
  // Back from a chat, the job's Chat button (or row) takes the focus. The job list and the chat list draw the pages up to
  // it first (useBackToRow); a calendar day shows all its jobs.
  const [refocus, setRefocus] = useState<string | null>(null);
  const refocused = useCallback(() => setRefocus(null), []);
  useEffect(() => {
    if (refocus === null || tab !== 'calendar') return;
    const button = document.querySelector<HTMLElement>(`[data-chat-for="${refocus}"]`);
    if (!button) return;
    // At once, not by the page's smooth scrolling (from a long list's end that took over a second), and in the middle
    // of the screen rather than at its edge.
    button.focus({ preventScroll: true });
    button.scrollIntoView({ block: 'center', behavior: 'instant' });
    setRefocus(null);
  }, [refocus, tab, bookings]);
  // The job list stays (hidden) while a chat opened from it is open, so its search, its "Show more" and its
  // scroll are there on the way back.
  const jobsKept = tab === 'bookings' || (tab === 'chat' && search.booking !== undefined && chatReturn !== null && (chatReturn.tab ?? 'bookings') === 'bookings');
  const pendingQuotes = quotes?.filter((quote) => quote.quoteStatus === 'pending' && !quote.bookingId).length ?? 0;

  return (
    <AdminContext.Provider value={session}>
      <div className="admin-top">
        <h1 ref={title} tabIndex={-1} className="admin-top__title">
          Admin Portal
        </h1>
        {/* Sign out first on the left, where it was kept clear of the toasts (now over the site header above). */}
        <div className="admin-top__row">
          <SignOut user={user} />
          <AdminAccount user={user} />
          <InstallApp />
          <p className="admin-top__meta">
            Signed in as {user.firstName} {user.lastName}
            <span aria-hidden="true"> · </span>
            <SyncLine state={status.state} syncedAt={status.syncedAt} reach={reach} />
          </p>
          {/* A copy that could not be brought up to date although the server answered, for a screen reader (the outbox's
              bar says offline and unreachable): kept in the page, empty, so that it is heard when it fills. */}
          <span className="visually-hidden" role="status">
            {status.state === 'failed' && reach === 'online' ? 'Could not refresh: showing this device’s copy' : ''}
          </span>
        </div>
        <MailTrouble />
      </div>
      <Counters
        bookings={booked}
        onPick={(status) => {
          const { status: _kept, when: _day, ...place } = jobsPlace.current;
          go({ ...place, tab: 'bookings', ...(status ? { status } : {}) });
        }}
      />
      <AdminTabs current={tab} pendingQuotes={pendingQuotes} waitingChats={waitingChats} waitingEnquiries={waitingEnquiries} onSelect={(next) => go(next === 'bookings' ? { ...jobsPlace.current, tab: next } : { tab: next })} />
      <div ref={panel} className="admin-panel" role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {jobsKept ? (
          <div hidden={tab !== 'bookings'}>
            <BookingsTab
              bookings={bookings}
              quotes={quotes}
              threads={threads}
              place={tab === 'bookings' ? search : (chatReturn ?? NOWHERE)}
              returnTo={tab === 'bookings' ? refocus : null}
              onReturned={refocused}
              go={go}
            />
          </div>
        ) : null}
        {tab === 'quotes' ? <QuotesTab quotes={quotes} bookings={booked} picked={search.quote} go={go} /> : null}
        {tab === 'contacts' ? <ContactsTab contacts={contacts} bookings={bookings} quotes={quotes} person={search.person} go={go} /> : null}
        {tab === 'calendar' ? <CalendarTab bookings={booked} quotes={quotes} month={search.month} day={search.day} go={go} /> : null}
        {tab === 'chat' ? <ChatTab bookings={bookings} threads={threads} bookingId={search.booking} backTo={chatReturn ?? CHAT_LIST} returnTo={search.booking === undefined ? refocus : null} onReturned={refocused} go={go} /> : null}
      </div>
    </AdminContext.Provider>
  );
}

/** Whether the tabs are stuck under the header: the panel's top is level with the line below them, or above it. */
function tabsStuck(panel: HTMLElement | null): boolean {
  return panel !== null && panel.getBoundingClientRect().top <= clearOfTabs() + 1;
}

/**
 * Places the page for a tab just picked. With the tabs stuck under the header (the admin far down a list), the new
 * panel starts just below them, and the tabs stay under the finger: the page's top, where it went before, put the
 * panel 450 px down a tablet on its side, below the counters. Otherwise the page stays, but for the calendar, whose
 * month is brought whole into view, as far as the tabs' stuck place: it had shown two weeks of it on that tablet.
 */
function opensTab(panel: HTMLElement, tab: AdminTab, stuck: boolean): void {
  if (stuck) {
    panel.scrollIntoView({ block: 'start', behavior: 'instant' });
    return;
  }
  const month = tab === 'calendar' ? panel.querySelector('.admin-calendar__month') : null;
  if (!month) return;
  const below = month.getBoundingClientRect().bottom + 8 - window.innerHeight;
  const room = panel.getBoundingClientRect().top - clearOfTabs();
  const by = Math.min(below, room);
  if (by > 0) window.scrollBy({ top: by });
}

/**
 * Whether the lists are the server's now or the device's copy, and why: "Offline" only when the tablet has no network;
 * with one, it is the server that cannot be reached (down, or a network between), as the outbox's line says.
 */
function SyncLine({ state, syncedAt, reach }: { state: string; syncedAt: string | null; reach: Connection }) {
  const when = syncedAt ? moment(syncedAt) : null;
  if (state === 'loading' && !syncedAt) return <span>Loading jobs…</span>;
  if (reach !== 'online' || state === 'unreachable') {
    const why = reach === 'offline' ? 'Offline' : 'Server cannot be reached';
    return <span className="admin-top__offline">{when ? `${why}: showing this device’s copy from ${when}` : `${why}: nothing on this device yet`}</span>;
  }
  // Reached, but the copy could not be brought up to date (an answer it could not read, the device's storage full).
  if (state === 'failed') return <span className="admin-top__offline">{when ? `Could not refresh: showing this device’s copy from ${when}` : 'Could not load the jobs: nothing on this device yet'}</span>;
  return <span>{when ? `Up to date (${when})` : 'Up to date'}</span>;
}
