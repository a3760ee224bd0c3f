import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { CreateBookingSchema, type CreateBookingInput } from '#domain/schemas/booking.ts';
import type { CommandContext } from '#data/command-bus.ts';
import { openStorage, type Storage } from '#data/storage.ts';
import { fmt, othersNote, quoteForm, tempDir, watchCpu, type Mode, type Row } from './common.ts';

type Measured = { commands: number; events: number; failed: number; seconds: number; cutShort: boolean; others?: number | null };

const countEvents = (storage: Storage): number => storage.db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number;

function context(): CommandContext {
  return { commandId: randomUUID(), fingerprint: 'bench', actor: null, role: 'anonymous', now: new Date() };
}

/** Parsed outside the timed part: the figures are about the store, not about zod. */
function inputs(count: number, tag: string): CreateBookingInput[] {
  return Array.from({ length: count }, (_, i) => CreateBookingSchema.parse(quoteForm(i, tag)));
}

/** One command after another, each awaited: one client, one transaction (one fsync) per command. */
async function sequential(storage: Storage, list: CreateBookingInput[], seconds: number): Promise<Measured> {
  const before = countEvents(storage);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let commands = 0;
  let failed = 0;
  let cutShort = false;
  for (const input of list) {
    if (performance.now() > deadline) {
      cutShort = true;
      break;
    }
    try {
      await storage.bus.execute(context(), (uow) => requestBookingOrQuote(uow, input, null));
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
async function concurrent(storage: Storage, list: CreateBookingInput[], seconds: number): Promise<Measured> {
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
    const input = list[i]!;
    pending.push(storage.bus.execute(context(), (uow) => requestBookingOrQuote(uow, input, null)));
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
 * QuoteRequested and, the e-mail being new, ContactCreated; each command has its own command id.
 */
export async function benchAppends(mode: Mode, log: (line: string) => void): Promise<Row[]> {
  const seconds = mode.quick ? 1.5 : 6;
  const fired = mode.quick ? 2_000 : 20_000;
  const seqCap = mode.quick ? 3_000 : 20_000;
  const tmp = tempDir('spark-bench-appends-');
  const rows: Row[] = [];
  try {
    const run = async (label: string, groupCommit: boolean, how: 'seq' | 'conc', count: number, inFlight: string): Promise<void> => {
      const storage = openStorage(join(tmp.dir, `${label}.db`), { groupCommit });
      try {
        // A short warm-up on the same file (JIT, page cache, prepared statements), not counted.
        await concurrent(storage, inputs(200, `${label}w`), 2);
        const list = inputs(count, label);
        log(`  ${label}: ${how === 'seq' ? 'sequential' : `${fmt(count)} fired at once`}, group commit ${groupCommit ? 'on' : 'off'}…`);
        const watch = watchCpu();
        const own = process.cpuUsage();
        const m = how === 'seq' ? await sequential(storage, list, seconds) : await concurrent(storage, list, seconds);
        const used = process.cpuUsage(own);
        m.others = watch.others((used.user + used.system) / 1e6);
        const name = `${groupCommit ? '(b) group commit' : '(a) one tx per command'}, ${how === 'seq' ? 'sequential' : 'concurrent'}`;
        rows.push(row(name, m, inFlight));
      } finally {
        storage.close();
      }
    };
    await run('a-seq', false, 'seq', seqCap, '1 in flight');
    await run('a-conc', false, 'conc', fired, `up to ${fmt(fired)} fired, each commits alone`);
    await run('b-conc', true, 'conc', fired, `${fmt(fired)} in flight, batches of ≤ 500`);
    await run('b-seq', true, 'seq', seqCap, '1 in flight (batch of 1)');
  } finally {
    tmp.remove();
  }
  return rows;
}
