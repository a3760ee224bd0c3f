import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { CreateBookingSchema, type CreateBookingInput } from '#domain/schemas/booking.ts';
import type { CommandContext, UnitOfWork } from '#data/command-bus.ts';
import { openStorage, type Storage } from '#data/storage.ts';
import { fmt, othersNote, quoteForm, tempDir, watchCpu, type Mode, type Row } from './common.ts';

type Measured = { commands: number; events: number; failed: number; seconds: number; cutShort: boolean; others?: number | null };

const countEvents = (storage: Storage): number => storage.db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number;

function context(): CommandContext {
  return { commandId: randomUUID(), fingerprint: 'bench', actor: null, role: 'anonymous', now: new Date() };
}

type Work = (uow: UnitOfWork) => unknown;
type Kind = 'quote' | 'plain';

/**
 * The commands, made outside the timed part (the figures are about the store, not about zod). `quote`: the
 * real quote-form command (2 sealed events, a person key, 2 queued mails). `plain`: the bare store — one
 * event without personal data appended to a new stream with a version check, as the toolchain's reference.
 */
function inputs(count: number, tag: string, kind: Kind = 'quote'): Work[] {
  if (kind === 'plain') {
    return Array.from({ length: count }, () => {
      const id = randomUUID();
      return (uow: UnitOfWork) =>
        uow.store.append(`booking-${id}`, [{ type: 'BookingStatusChanged', data: { bookingId: id, from: 'pending', to: 'confirmed' } }], uow.metadata, {
          expectedVersion: 0,
        });
    });
  }
  return Array.from({ length: count }, (_, i) => {
    const input: CreateBookingInput = CreateBookingSchema.parse(quoteForm(i, tag));
    return (uow: UnitOfWork) => requestBookingOrQuote(uow, input, null);
  });
}

/** One command after another, each awaited: one client, one transaction (one fsync) per command. */
async function sequential(storage: Storage, list: Work[], seconds: number): Promise<Measured> {
  const before = countEvents(storage);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let commands = 0;
  let failed = 0;
  let cutShort = false;
  for (const work of list) {
    if (performance.now() > deadline) {
      cutShort = true;
      break;
    }
    try {
      await storage.bus.execute(context(), work);
      commands++;
    } catch {
      failed++;
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  return { commands, events: countEvents(storage) - before, failed, seconds: elapsed, cutShort };
}

/**
 * Fires up to `list.length` commands without waiting, then waits for all of them. Without group commit each
 * `execute` commits synchronously, so firing stops at the deadline; with it, everything is queued at once.
 */
async function concurrent(storage: Storage, list: Work[], seconds: number): Promise<Measured> {
  const before = countEvents(storage);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const pending: Array<Promise<unknown>> = [];
  let cutShort = false;
  for (let i = 0; i < list.length; i++) {
    if (i % 64 === 0 && performance.now() > deadline) {
      cutShort = true;
      break;
    }
    pending.push(storage.bus.execute(context(), list[i]!));
  }
  const settled = await Promise.allSettled(pending);
  const elapsed = (performance.now() - started) / 1000;
  const failed = settled.filter((s) => s.status === 'rejected').length;
  return { commands: settled.length - failed, events: countEvents(storage) - before, failed, seconds: elapsed, cutShort };
}

function row(name: string, m: Measured, inFlight: string): Row {
  const perSecond = m.events / m.seconds;
  const others = othersNote(m.others ?? null);
  const r: Row = {
    section: '1 appends',
    name,
    value: Math.round(perSecond),
    unit: 'events/s',
    detail: [`${fmt(m.commands / m.seconds)} cmds/s; ${fmt(m.commands)} cmds, ${fmt(m.events)} events in ${fmt(m.seconds, 1)} s; ${inFlight}`, others.text]
      .filter(Boolean)
      .join('; '),
  };
  if (others.warning) r.warning = others.warning;
  if (m.failed > 0) r.warning = `${m.failed} commands failed — this figure is NOT valid`;
  return r;
}

/**
 * Durable appends in process (WAL, synchronous=FULL): one quote request per command, which appends
 * QuoteRequested and, the email being new, ContactCreated; each command has its own command id.
 */
export async function benchAppends(mode: Mode, log: (line: string) => void): Promise<Row[]> {
  const seconds = mode.quick ? 1.5 : 6;
  const fired = mode.quick ? 2_000 : 20_000;
  const seqCap = mode.quick ? 3_000 : 20_000;
  const tmp = tempDir('spark-bench-appends-');
  const rows: Row[] = [];
  try {
    const run = async (label: string, groupCommit: boolean, how: 'seq' | 'conc', count: number, inFlight: string, kind: Kind = 'quote'): Promise<void> => {
      const storage = openStorage(join(tmp.dir, `${label}.db`), { groupCommit });
      try {
        // A short warm-up on the same file (JIT, page cache, prepared statements), not counted.
        await concurrent(storage, inputs(200, `${label}w`, kind), 2);
        const list = inputs(count, label, kind);
        log(`  ${label}: ${how === 'seq' ? 'sequential' : `${fmt(count)} fired at once`}, group commit ${groupCommit ? 'on' : 'off'}…`);
        const watch = watchCpu();
        const own = process.cpuUsage();
        const m = how === 'seq' ? await sequential(storage, list, seconds) : await concurrent(storage, list, seconds);
        const used = process.cpuUsage(own);
        m.others = watch.others((used.user + used.system) / 1e6);
        const name =
          kind === 'plain'
            ? `(c) bare append, ${groupCommit ? 'group commit' : 'one tx each'}, concurrent`
            : `${groupCommit ? '(b) group commit' : '(a) one tx per command'}, ${how === 'seq' ? 'sequential' : 'concurrent'}`;
        rows.push(row(name, m, inFlight));
      } finally {
        storage.close();
      }
    };
    await run('a-seq', false, 'seq', seqCap, '1 in flight');
    await run('a-conc', false, 'conc', fired, `up to ${fmt(fired)} fired, each commits alone`);
    await run('b-conc', true, 'conc', fired, `${fmt(fired)} in flight, batches of ≤ 500`);
    await run('b-seq', true, 'seq', seqCap, '1 in flight (batch of 1)');
    await run('c-plain-one', false, 'conc', fired, `up to ${fmt(fired)} fired, each commits alone`, 'plain');
    await run('c-plain-group', true, 'conc', fired, `${fmt(fired)} in flight, batches of ≤ 500`, 'plain');
  } finally {
    tmp.remove();
  }
  return rows;
}
