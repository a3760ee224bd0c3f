import { useEffect, useMemo, useRef } from 'react';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { isEnquiry } from '#domain/deciders/contact.ts';
import type { BookingView, ContactView, MessageView, QuoteView } from '#domain/views.ts';
import { toast } from '../../lib/toast.ts';
import { personName } from '../../offline/admin-commands.ts';
import { dayLabel, jobWhen, startOf } from './format.ts';
import type { AdminSearch } from './search.ts';

/** Takes the admin to a place in the portal (a toast's action: Dashboard's `go`, as it is when the button is pressed). */
export type OpenPlace = (place: AdminSearch) => void;

/** `tab`: where the admin finds it; `who`: whose request, for the Open button's name to a screen reader. */
type Arrival = { readonly id: string; readonly title: string; readonly words: string; readonly who: string; readonly tab: 'Bookings' | 'To Be Quoted' };

/** A customer's message as the toast names it: who wrote, about which job (`bookingId`), and how it starts. */
type Message = { readonly who: string; readonly bookingId: string; readonly job: string; readonly start: string };

/**
 * A row of the device's copy, and what to say if it is news (null: never news, e.g. the business's own). `news` is
 * worked out only for a row that arrived: each pull or queued change lists every row again (thousands on a tablet with
 * years of work), and naming each one (its customer, service and day in words) at every pull cost more than the rest.
 */
type Candidate<News> = { readonly id: string; readonly createdAt: string; readonly news: () => News | null };

/** How far the device's clock and the server's may differ. */
const CLOCKS_MS = 5 * 60_000;

/**
 * From when a record may be news for a portal opened now (made since, give or take the clocks, with a minute to spare):
 * the mirror's firstCopy need hold only the ids of those (useMirrorSync's firstCopySince).
 */
export function newsSince(): string {
  return new Date(Date.now() - CLOCKS_MS - 60_000).toISOString();
}

/**
 * The bookings and the quotes are two live queries of the device's copy: a pull that brings both changes them a
 * moment apart. What arrives within this time is said in one toast.
 */
const GATHER_MS = 300;

/**
 * Says when a request arrives from the website or the portal while the admin has the portal open (the device's
 * copy brings it in with its next pull): one toast, naming it, or a count for several. Nothing for what was there
 * at the first pull, for jobs and quote requests the business made itself, or for what this device still has in its outbox. Its button
 * opens the request where it is (Open: its tab, the request picked out in the list), or the tab of several; when
 * booking and quote requests came together, a button for each kind (Bookings, Quotes), so neither is a tab away.
 */
export function useArrivals(
  bookings: readonly (BookingView & { waiting?: unknown })[] | undefined,
  quotes: readonly (QuoteView & { waiting?: unknown })[] | undefined,
  first: ReadonlySet<string> | null,
  open: OpenPlace,
  /** The admin's account: a quote request they wrote up themselves (New quote) is theirs (`userId`), no news to them. */
  self: string,
): void {
  const rows = useMemo(
    () =>
      bookings === undefined || quotes === undefined
        ? undefined
        : [
            ...bookings.map(
              (b): Candidate<Arrival> => ({
                id: b.id,
                createdAt: b.createdAt,
                news: () =>
                  b.waiting || b.isManualBooking || b.status !== 'pending'
                    ? null
                    : { id: b.id, title: 'New booking request', words: `${personName(b)}: ${serviceTypeLabel(b.serviceType)}, ${jobWhen(b)}.`, who: personName(b), tab: 'Bookings' },
              }),
            ),
            ...quotes.map(
              (q): Candidate<Arrival> => ({
                id: q.id,
                createdAt: q.createdAt,
                news: () =>
                  q.waiting || q.bookingId || q.quoteStatus !== 'pending' || q.userId === self
                    ? null
                    : { id: q.id, title: 'New quote request', words: `${personName(q)}: ${serviceTypeLabel(q.serviceType)}.`, who: personName(q), tab: 'To Be Quoted' },
              }),
            ),
          ],
    [bookings, quotes, self],
  );
  useNews(rows, first, (batch) => {
    const one = batch.length === 1 ? batch[0]! : null;
    if (one) {
      const booking = one.tab === 'Bookings';
      const more = `${one.who ? `${one.who}’s` : 'the'} ${booking ? 'booking' : 'quote'} request`;
      void toast.info(one.title, one.words, { action: { label: 'Open', more, onClick: () => open(booking ? { tab: 'bookings', job: one.id } : { tab: 'quotes', quote: one.id }) } });
      return;
    }
    const bookings = batch.filter((arrival) => arrival.tab === 'Bookings');
    const quotes = batch.filter((arrival) => arrival.tab === 'To Be Quoted');
    if (bookings.length === 0 || quotes.length === 0) {
      const tab = bookings.length > 0 ? 'Bookings' : 'To Be Quoted';
      void toast.info(`${batch.length} new requests`, `They are in ${tab}.`, {
        action: { label: `Open ${tab}`, onClick: () => open(bookings.length > 0 ? { tab: 'bookings', status: 'pending' } : { tab: 'quotes' }) },
      });
      return;
    }
    // Both kinds: a button for each, jobs first. One of a kind opens it picked out in its list; several, their tab.
    const [job] = bookings.length === 1 ? bookings : [];
    const [quote] = quotes.length === 1 ? quotes : [];
    void toast.info(`${batch.length} new requests`, `${counted(bookings.length, 'booking request')} and ${counted(quotes.length, 'quote request')}.`, {
      action: { label: 'Bookings', onClick: () => open(job ? { tab: 'bookings', job: job.id } : { tab: 'bookings', status: 'pending' }) },
      also: { label: 'Quotes', onClick: () => open(quote ? { tab: 'quotes', quote: quote.id } : { tab: 'quotes' }) },
    });
  });
}

/**
 * Says when a customer writes in a job's chat while the portal is open (a pull brings it in): who, which job and
 * how the message starts, or how many and from whom for several, so "URGENT: smell of burning" is not left as a
 * small "New" in the Chat list. Nothing for the business's own messages, for what was there at the first pull, or
 * for the chat the admin has open (it shows there, and its log is read out). Its button opens that chat (its Back
 * returns to where the admin was), or the Chat tab for several chats.
 */
export function useMessageArrivals(
  messages: readonly (MessageView & { waiting?: unknown })[] | undefined,
  bookings: readonly BookingView[] | undefined,
  openChat: string | undefined,
  first: ReadonlySet<string> | null,
  open: OpenPlace,
): void {
  const rows = useMemo(() => {
    if (messages === undefined || bookings === undefined) return undefined;
    const jobs = new Map(bookings.map((b) => [b.id, b]));
    return messages.map(
      (m): Candidate<Message> => ({
        id: m.id,
        createdAt: m.createdAt,
        news: () => {
          const job = jobs.get(m.bookingId);
          // The open chat shows it at once (and its log is read out): no toast over the conversation.
          return m.isFromAdmin || m.waiting || !job || m.bookingId === openChat
            ? null
            : {
                who: m.senderName || personName(job) || 'A customer',
                bookingId: job.id,
                job: `${serviceTypeLabel(job.serviceType)}, ${job.startDate ? dayLabel(job.startDate) : 'no dates yet'}`,
                start: startOf(m.content),
              };
        },
      }),
    );
  }, [messages, bookings, openChat]);
  useNews(rows, first, (batch) => {
    // The message first (it may be urgent), then which job: short enough for three lines on a phone.
    const chats = [...new Set(batch.map((message) => message.bookingId))];
    const action =
      chats.length === 1
        ? { label: 'Open chat', more: `with ${batch[0]!.who}`, onClick: () => open({ tab: 'chat', booking: chats[0]! }) }
        : { label: 'Open Chat', onClick: () => open({ tab: 'chat' }) };
    if (batch.length === 1) void toast.info(`New message from ${batch[0]!.who}`, `“${batch[0]!.start}” (${batch[0]!.job})`, { action });
    else void toast.info(`${batch.length} new messages`, `From ${listed([...new Set(batch.map((message) => message.who))])}. They are in Chat.`, { action });
  });
}

/** Someone who wrote (the contact form, a support request) as the toast names them. */
type Enquiry = { readonly id: string; readonly who: string; readonly what: 'message' | 'support request'; readonly start: string; readonly at: string };

/**
 * Says when someone writes to the business (the contact form, or a support request from /support) while the portal is
 * open: who, and how it starts ("I cannot sign in to see my booking"), with Open to their page; several, how many and
 * from whom, with Open Contacts. Nothing for the contacts a booking or quote request makes (those are said as requests).
 */
export function useEnquiryArrivals(contacts: readonly ContactView[] | undefined, first: ReadonlySet<string> | null, open: OpenPlace): void {
  const rows = useMemo(
    () =>
      contacts?.map(
        (c): Candidate<Enquiry> => ({
          id: c.id,
          createdAt: c.createdAt,
          news: () =>
            isEnquiry(c)
              ? { id: c.id, who: `${c.firstName} ${c.lastName ?? ''}`.trim(), what: c.source === 'support' ? 'support request' : 'message', start: startOf(c.details), at: c.createdAt }
              : null,
        }),
      ),
    [contacts],
  );
  useNews(rows, first, (batch) => {
    const one = batch.length === 1 ? batch[0]! : null;
    if (one) {
      void toast.info(`New ${one.what} from ${one.who}`, `“${one.start}”`, { action: { label: 'Open', more: `${one.who}’s ${one.what}`, onClick: () => open({ tab: 'contacts', person: one.id }) } });
      return;
    }
    // In the order they wrote (the list, and so the batch, is newest first).
    const writers = [...batch].sort((a, b) => a.at.localeCompare(b.at)).map((enquiry) => enquiry.who);
    void toast.info(`${batch.length} new enquiries`, `From ${listed([...new Set(writers)])}. They are in Contacts.`, {
      action: { label: 'Open Contacts', onClick: () => open({ tab: 'contacts' }) },
    });
  });
}

/**
 * The news among `rows` since the portal opened: each row once, none of those in the copy when its first pull ended
 * (`first`, the mirror's firstCopy: null until then) or shown before, none made before the portal opened (give or take
 * the clocks), gathered for GATHER_MS and handed to `announce` together.
 */
function useNews<News>(rows: readonly Candidate<News>[] | undefined, first: ReadonlySet<string> | null, announce: (batch: readonly News[]) => void): void {
  const known = useRef<Set<string> | null>(null);
  const openedAt = useRef(Date.now());
  const gathered = useRef<News[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const say = useRef(announce);
  say.current = announce;
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  useEffect(() => {
    if (first === null || rows === undefined) return;
    // The screens may still show the copy as it was before that pull (their live queries run again a moment after):
    // its rows, and this device's own waiting in the outbox, are no news either.
    if (known.current === null) {
      known.current = new Set([...first, ...rows.map((row) => row.id)]);
      return;
    }
    const seen = known.current;
    const arrived = rows.filter((row) => !seen.has(row.id));
    for (const row of arrived) seen.add(row.id);
    const news = arrived.flatMap((row) => {
      const said = Date.parse(row.createdAt) >= openedAt.current - CLOCKS_MS ? row.news() : null;
      return said ? [said] : [];
    });
    if (news.length === 0) return;
    gathered.current.push(...news);
    timer.current ??= setTimeout(() => {
      timer.current = null;
      const batch = gathered.current;
      gathered.current = [];
      say.current(batch);
    }, GATHER_MS);
  }, [rows, first]);
}

/** '1 booking request', '2 booking requests'. */
function counted(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? '' : 's'}`;
}

/** 'Ann', 'Ann and Bob', 'Ann, Bob and 2 others'. */
function listed(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} others`;
}
