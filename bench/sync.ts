import { brotliDecompressSync } from 'node:zlib';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { SyncPage } from '#domain/views.ts';
import { Client, startServer } from '../tests/support/server.ts';
import { fmt, get, type Mode, type Row } from './common.ts';

/**
 * The devices' sync feed through the whole stack (HTTP, session, JSON, brotli as a browser asks): the admin's
 * first sync of a log of N bookings, page by page as the device does it (1,000 changes a page), and the next
 * sync after one booking changed.
 */
export async function benchSync(mode: Mode, log: (line: string) => void): Promise<Row[]> {
  const count = mode.quick ? 1_000 : 10_000;
  const server = await startServer();
  try {
    const admin = server.storage.queries.userByEmail('admin@example.com')!;
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const inputs = Array.from({ length: count }, (_, i) =>
      CreateBookingSchema.parse({ firstName: `Person${i}`, lastName: 'Example', email: `person${i}@example.com`, phone: '01632 960000', serviceType: 'EICR Testing', startDate: day, finishDate: day, address: `${i} Station Road`, status: 'completed', allowOverlap: true }),
    );
    const made = performance.now();
    await Promise.all(inputs.map((input) => server.storage.bus.execute({ commandId: null, actor: admin.id, role: 'admin', now: new Date() }, (uow) => requestBookingOrQuote(uow, input, admin))));
    log(`  ${fmt(count)} bookings made in ${fmt((performance.now() - made) / 1000, 1)} s`);

    const client = new Client(server.url);
    await client.loginAdmin();
    const first = await pullAll(client, 0);
    log(`  first sync: ${fmt(first.changes)} changes in ${first.pages} pages, ${fmt(first.ms)} ms, ${fmt(first.bytes / 1024)} KB sent (br)`);

    // One change, then the sync that brings it, five times over (one sample moved from 2 to 23 ms between runs).
    const nexts: Array<Awaited<ReturnType<typeof pullAll>>> = [];
    let after = first.next;
    for (const some of server.storage.queries.bookings().slice(0, NEXT_SYNCS)) {
      await client.request('PATCH', `/api/bookings/${some.id}`, { json: { status: 'cancelled' } });
      nexts.push(await pullAll(client, after));
      after = nexts[nexts.length - 1]!.next;
    }
    const next = [...nexts].sort((a, b) => a.ms - b.ms)[Math.floor(nexts.length / 2)]!;
    log(`  next sync after one change: ${fmt(next.changes)} change, median ${fmt(next.ms, 1)} ms of ${nexts.map((n) => fmt(n.ms, 1)).join(', ')}, ${fmt(next.bytes)} bytes`);
    return [
      { section: '6 sync', name: `admin's first sync of ${fmt(count)} bookings`, value: Math.round(first.ms), unit: 'ms', detail: `${fmt(first.changes)} changes (the bookings and the contacts they made) in ${first.pages} pages of 1,000; ${fmt(first.bytes / 1024)} KB sent (brotli)` },
      {
        section: '6 sync',
        name: 'the next sync after one change',
        value: Number(next.ms.toFixed(1)),
        unit: 'ms',
        detail: `${next.changes} change; ${fmt(next.bytes)} bytes sent; the median of ${nexts.length} (${nexts.map((n) => fmt(n.ms, 1)).join(', ')} ms), each after its own change`,
      },
    ];
  } finally {
    await server.close();
  }
}

/** How many times the next sync after one change is timed. */
const NEXT_SYNCS = 5;

/** Pulls every page from `after` as a device does, counting the bytes the wire carried (brotli, as asked). */
async function pullAll(client: Client, after: number): Promise<{ changes: number; pages: number; ms: number; bytes: number; next: number }> {
  const started = performance.now();
  let changes = 0;
  let pages = 0;
  let bytes = 0;
  for (;;) {
    const sent = await get(`${client.base}/api/sync?after=${after}&limit=1000`, { cookie: client.cookieHeader(), 'accept-encoding': 'br' });
    bytes += sent.body.length;
    const page = SyncPage.parse(JSON.parse((sent.encoding === 'br' ? brotliDecompressSync(sent.body) : sent.body).toString()));
    changes += page.changes.length;
    pages++;
    after = page.next;
    if (!page.more) return { changes, pages, ms: performance.now() - started, bytes, next: after };
  }
}
