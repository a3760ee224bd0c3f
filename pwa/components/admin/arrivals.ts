import { useEffect, useRef } from 'react';
import { serviceTypeLabel } from '#domain/content/services.ts';
import type { BookingView, QuoteView } from '#domain/views.ts';
import { toast } from '../../lib/toast.ts';
import { personName } from '../../offline/admin-commands.ts';
import { jobWhen } from './format.ts';

/** `tab`: where the admin finds it. */
type Arrival = { readonly id: string; readonly title: string; readonly words: string; readonly tab: 'Bookings' | 'To Be Quoted' };

/** How far the device's clock and the server's may differ. */
const CLOCKS_MS = 5 * 60_000;

/**
 * The bookings and the quotes are two live queries of the device's copy: a pull that brings both changes them a
 * moment apart. What arrives within this time is said in one toast.
 */
const GATHER_MS = 300;

/**
 * Says when a request arrives from the website or the portal while the admin has the portal open (the device's
 * copy brings it in with its next pull): one toast, naming it, or a count for several. Nothing for what was there
 * at the first pull, for jobs the business made itself, or for what this device still has in its outbox.
 */
export function useArrivals(bookings: readonly (BookingView & { waiting?: unknown })[] | undefined, quotes: readonly (QuoteView & { waiting?: unknown })[] | undefined, ready: boolean): void {
  const known = useRef<Set<string> | null>(null);
  // Only what was made since the portal opened (give or take the clocks): the device's copy may show the first
  // pull's rows a moment after it said it was done, and those are not news.
  const openedAt = useRef(Date.now());
  const gathered = useRef<Arrival[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  useEffect(() => {
    if (!ready || bookings === undefined || quotes === undefined) return;
    const all: Array<{ id: string; createdAt: string; arrival: Arrival | null }> = [
      ...bookings.map((b) => ({
        id: b.id,
        createdAt: b.createdAt,
        arrival: b.waiting || b.isManualBooking || b.status !== 'pending' ? null : { id: b.id, title: 'New booking request', words: `${personName(b)}: ${serviceTypeLabel(b.serviceType)}, ${jobWhen(b)}.`, tab: 'Bookings' as const },
      })),
      ...quotes.map((q) => ({
        id: q.id,
        createdAt: q.createdAt,
        arrival: q.waiting || q.bookingId || q.quoteStatus !== 'pending' ? null : { id: q.id, title: 'New quote request', words: `${personName(q)}: ${serviceTypeLabel(q.serviceType)}.`, tab: 'To Be Quoted' as const },
      })),
    ];
    if (known.current === null) {
      known.current = new Set(all.map((row) => row.id));
      return;
    }
    const seen = known.current;
    const arrived = all.filter((row) => !seen.has(row.id));
    for (const row of arrived) seen.add(row.id);
    const news = arrived.flatMap((row) => (row.arrival && Date.parse(row.createdAt) >= openedAt.current - CLOCKS_MS ? [row.arrival] : []));
    if (news.length === 0) return;
    gathered.current.push(...news);
    timer.current ??= setTimeout(() => {
      timer.current = null;
      const batch = gathered.current;
      gathered.current = [];
      if (batch.length === 1) void toast.info(batch[0]!.title, batch[0]!.words);
      else void toast.info(`${batch.length} new requests`, `They are in ${[...new Set(batch.map((arrival) => arrival.tab))].join(' and ')}.`);
    }, GATHER_MS);
  }, [bookings, quotes, ready]);
}
