import { fork } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { v7 } from 'uuid';
import { REBUILD_NODE_FLAGS } from '#backend/node-flags.ts';
import { EVENT_VERSIONS, personSubject, type DomainEvent, type EventMetadata, type Role } from '#domain/events.ts';
import type { BookingStatus } from '#domain/schemas/booking.ts';
import { openStorage, type Storage } from '#data/storage.ts';
import { BENCH_ADMIN, cookieOf, record } from './answers.ts';
import { fmt, get, mb, othersNote, quoteForm, tempDir, watchCpu, type Mode, type Row } from './common.ts';
import { postRequests } from './http.ts';
import { ServerProcess } from './load.ts';
import { openLoop } from './open-loop.ts';
import type { BareRebuildReport } from './rebuild-bare.ts';
import type { RebuildReport } from './rebuild-child.ts';

/** Per booking: 1 BookingRequested (personal fields sealed), 3 BookingStatusChanged, 2 MessagePosted (sealed). */
const EVENTS_PER_BOOKING = 6;
/** Bookings per transaction while generating. */
const CHUNK = 10_000;
/** SQLite page cache while generating (the default is 2 MB). */
const GENERATION_CACHE_MB = 256;
/** A customer books about three times, so keys (one per email) are shared like in real life. */
const BOOKINGS_PER_CUSTOMER = 3;
/**
 * Rebuilds of the same log, each in a fresh process: one run moved by 20 % and more with the shared host. The row
 * gives the median time and the highest peak RSS (the memory aim holds for every run, not for the middle one).
 */
const REBUILD_RUNS = 3;

type Booking = { id: string; subject: string; userId: string; name: string };

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);

/** The n-th event's time: spread over about two years, in order. */
const timeOf = (n: number): number => START + n * 60_000;

/** An id made at the n-th event, as the app makes them: a version-7 UUID, which begins with the time (ADR 014). */
const idAt = (n: number): string => v7({ msecs: timeOf(n) });

function meta(n: number, actor: string | null, role: Role): EventMetadata {
  return { time: new Date(timeOf(n)).toISOString(), commandId: idAt(n), actor, role };
}

function bookingRequested(b: Booking, customer: number): DomainEvent {
  const form = quoteForm(customer, 'gen');
  const day = new Date(START + (customer % 700) * DAY).toISOString().slice(0, 10);
  return {
    type: 'BookingRequested',
    data: {
      bookingId: b.id,
      userId: b.userId,
      quoteId: null,
      source: 'portal',
      isManualBooking: false,
      firstName: form['firstName'] as string,
      lastName: form['lastName'] as string,
      email: form['email'] as string,
      phone: form['phone'] as string,
      serviceType: form['serviceType'] as string,
      preferredDate: day,
      preferredTime: '09:00',
      startDate: day,
      finishDate: day,
      startTime: '09:00',
      finishTime: '17:00',
      address: form['address'] as string,
      description: form['description'] as string,
      attachments: [],
      status: 'pending',
    },
  };
}

function statusChanged(b: Booking, from: BookingStatus, to: BookingStatus): DomainEvent {
  return { type: 'BookingStatusChanged', data: { bookingId: b.id, from, to } };
}

function message(b: Booking, fromAdmin: boolean, id: string): DomainEvent {
  return {
    type: 'MessagePosted',
    data: {
      messageId: id,
      bookingId: b.id,
      senderId: fromAdmin ? 'admin' : b.userId,
      senderName: fromAdmin ? 'SparkRight office' : b.name,
      content: fromAdmin
        ? 'Thanks, our electrician will arrive between 9 and 10 am. Please make sure the consumer unit is reachable.'
        : 'Hello, could you let me know roughly what time you will arrive? The side gate will be open.',
      attachments: [],
      isFromAdmin: fromAdmin,
    },
  };
}

/**
 * Writes `target` events with CHUNK bookings per transaction; stops early at the deadline. Rows go straight
 * into the events table in the store's own format — personal fields sealed by the store's vault, stream
 * positions and metadata as EventStore.append writes them — but without its version check and inline
 * projection: the read models are what the rebuild then makes. (Through EventStore.append a 1M-event log
 * took 120–133 s here, beyond the time budget.) Generation only: synchronous=OFF and a bigger page cache.
 */
function generate(storage: Storage, target: number, deadline: number): { events: number; bookings: number; cutShort: boolean } {
  const { db, vault } = storage;
  // Generation only (the connection is closed afterwards): a big page cache, and no fsyncs.
  db.pragma(`cache_size = -${GENERATION_CACHE_MB * 1024}`);
  db.pragma('synchronous = OFF');
  const insert = db.prepare(
    `INSERT INTO events (stream_id, stream_position, type, type_version, data, metadata, command_id, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const bookings = Math.ceil(target / EVENTS_PER_BOOKING);
  const customers = Math.ceil(bookings / BOOKINGS_PER_CUSTOMER);
  let n = 0;
  const append = (stream: string, position: number, event: DomainEvent, subject: string | null, admin: boolean, b: Booking): void => {
    const m = meta(n++, admin ? 'admin' : b.userId, admin ? 'admin' : 'customer');
    const data = vault.seal(event.type, event.data as Record<string, unknown>, subject);
    insert.run(stream, position, event.type, EVENT_VERSIONS[event.type], JSON.stringify(data), JSON.stringify(m), m.commandId, m.time);
  };
  const customerIds: string[] = [];
  let made = 0;
  const transaction = db.transaction((from: number, to: number) => {
    const chunk: Booking[] = [];
    for (let i = from; i < to; i++) {
      const customer = i % customers;
      const form = quoteForm(customer, 'gen');
      customerIds[customer] ??= idAt(n);
      const id = idAt(n);
      const b: Booking = {
        id,
        subject: personSubject(form['email'] as string, `booking-${id}`),
        userId: customerIds[customer],
        name: `${form['firstName'] as string} ${form['lastName'] as string}`,
      };
      append(`booking-${b.id}`, 1, bookingRequested(b, customer), b.subject, false, b);
      chunk.push(b);
    }
    // Later, interleaved across the chunk's bookings: confirmation, chat, work, completion.
    for (const b of chunk) {
      append(`booking-${b.id}`, 2, statusChanged(b, 'pending', 'confirmed'), null, true, b);
      append(`chat-${b.id}`, 1, message(b, false, idAt(n)), b.subject, false, b);
    }
    for (const b of chunk) {
      append(`chat-${b.id}`, 2, message(b, true, idAt(n)), b.subject, true, b);
      append(`booking-${b.id}`, 3, statusChanged(b, 'confirmed', 'in_progress'), null, true, b);
    }
    for (const b of chunk) append(`booking-${b.id}`, 4, statusChanged(b, 'in_progress', 'completed'), null, true, b);
  });
  let cutShort = false;
  while (made < bookings) {
    if (performance.now() > deadline) {
      cutShort = true;
      break;
    }
    const to = Math.min(bookings, made + CHUNK);
    transaction.immediate(made, to);
    made = to;
  }
  return { events: n, bookings: made, cutShort };
}

/** Opens `file`, writes the log, closes it (so the WAL is checkpointed into the database file). */
export function generateLog(file: string, target: number, deadline: number): ReturnType<typeof generate> {
  const storage = openStorage(file);
  try {
    return generate(storage, target, deadline);
  } finally {
    storage.close();
  }
}

/** Runs a child script of the bench on `file` and answers what it reports (bench/rebuild-child.ts, bench/rebuild-bare.ts). */
function runChild<T>(script: string, file: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    // With the options `npm run rebuild` gives Node (ADR 021).
    const child = fork(new URL(script, import.meta.url), [file], { execArgv: [...REBUILD_NODE_FLAGS], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const kill = (): void => {
      child.kill('SIGKILL');
    };
    process.once('exit', kill);
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`${script} did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    let report: T | null = null;
    child.on('message', (m: T) => {
      report = m;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      process.off('exit', kill);
      if (report) resolve(report);
      else reject(new Error(`${script} exited with code ${code} and no report`));
    });
  });
}

/** Quote requests a second sent to the app while `npm run rebuild` runs beside it: far more than a contractor's site sees. */
const BESIDE_RATE = 200;

/**
 * "Writes still flowing": the app serving the log in `storageDir` (its writer thread, as `npm start`), and a
 * rebuild in a process of its own beside it, as `npm run rebuild` while the server runs. Quote requests go in at
 * BESIDE_RATE a second, open loop, from the rebuild's start to its end.
 */
async function rebuildBesideServer(storageDir: string, file: string, log: (line: string) => void): Promise<{ rows: Row[]; figures: object }> {
  const server = new ServerProcess(['app', 'true', '0'], { BENCH_STORAGE_DIR: storageDir });
  try {
    await server.ready();
    log(`  the app on that log, quote requests at ${fmt(BESIDE_RATE)} a second: 2 s to warm up, then while a rebuild runs beside it…`);
    const next = postRequests();
    await openLoop({ port: server.port, rate: BESIDE_RATE, duration: 2, timeout: 20, next });
    const rebuilding = runChild<RebuildReport>('./rebuild-child.ts', file, 240_000);
    const posts = await openLoop({ port: server.port, rate: BESIDE_RATE, duration: 240, timeout: 20, next, stopWhen: rebuilding });
    const run = await rebuilding;
    const answered = posts.latency.total;
    const figures = { rebuildMs: run.ms, peakRssMb: run.peakRssMb, sent: posts.requests.sent, answered, ok: posts['2xx'], non2xx: posts.non2xx, errors: posts.errors, latency: posts.latency };
    log(`  rebuild beside the app: ${fmt(run.ms / 1000, 2)} s; ${fmt(posts['2xx'])} of ${fmt(posts.requests.sent)} quote requests answered 2xx, p99 ${fmt(posts.latency.p99, 1)} ms`);
    const row: Row = {
      section: '3 rebuild',
      name: `quote requests at ${fmt(BESIDE_RATE)}/s while it rebuilds beside the app`,
      value: Math.round(posts.latency.p99),
      unit: 'ms p99',
      detail: `${fmt(posts['2xx'])} of ${fmt(posts.requests.sent)} answered 2xx; p50 ${fmt(posts.latency.p50, 1)} ms, p99 ${fmt(posts.latency.p99, 1)} ms, p99.9 ${fmt(posts.latency.p99_9 ?? NaN, 1)} ms (open loop, from when each was due); the rebuild took ${fmt(run.ms / 1000, 2)} s, peak RSS ${fmt(run.peakRssMb)} MB`,
    };
    if (posts['2xx'] !== posts.requests.sent) row.warning = `${fmt(posts.requests.sent - posts['2xx'])} quote requests not answered 2xx (${fmt(posts.non2xx)} other answers, ${fmt(posts.errors)} errors)`;
    const listed = await wholeListBesideReads(server.port, log);
    return { rows: [row, listed.row], figures: { ...figures, wholeList: listed.figures } };
  } finally {
    await server.stop();
  }
}

/** Requests a second to GET /api/health while the admin's whole list is built. */
const HEALTH_RATE = 200;

/**
 * Reads still answered while a whole seed list is built: the admin's `GET /api/all-messages` on the app's log (every
 * message, each opened), built in the list thread (backend/http/list-thread.ts), while GET /api/health goes in at
 * HEALTH_RATE a second, open loop. Built on the event loop, it held every other request for 13 s on the million-event log.
 */
async function wholeListBesideReads(port: number, log: (line: string) => void): Promise<{ row: Row; figures: object }> {
  const base = `http://127.0.0.1:${port}`;
  const signIn = await record(base, '/api/login', { 'content-type': 'application/json' }, 'POST', JSON.stringify(BENCH_ADMIN));
  log(`  the admin's GET /api/all-messages on that log, GET /api/health at ${fmt(HEALTH_RATE)} a second meanwhile…`);
  const started = performance.now();
  const listing = get(`${base}/api/all-messages`, { cookie: cookieOf(signIn), 'accept-encoding': 'br' }).then((answer) => ({ ...answer, ms: performance.now() - started }));
  const health = await openLoop({ port, rate: HEALTH_RATE, duration: 240, timeout: 20, next: () => ({ method: 'GET', path: '/api/health' }), stopWhen: listing });
  // Read only now: in this process, it would have held up the health checks' answers.
  const { status, body: raw, ms } = await listing;
  const messages = status === 200 ? (JSON.parse(brotliDecompressSync(raw).toString()) as unknown[]).length : 0;
  const figures = { status, ms, messages, bytes: raw.length, health: { sent: health.requests.sent, ok: health['2xx'], latency: health.latency } };
  log(`  GET /api/all-messages: ${status}, ${fmt(messages)} messages in ${fmt(ms / 1000, 2)} s; GET /api/health meanwhile p99 ${fmt(health.latency.p99, 1)} ms`);
  const row: Row = {
    section: '3 rebuild',
    name: `GET /api/health at ${fmt(HEALTH_RATE)}/s while the admin's GET /api/all-messages is built`,
    value: Math.round(health.latency.p99),
    unit: 'ms p99',
    detail: `${fmt(health['2xx'])} of ${fmt(health.requests.sent)} answered 2xx; p50 ${fmt(health.latency.p50, 1)} ms, p99 ${fmt(health.latency.p99, 1)} ms, p99.9 ${fmt(health.latency.p99_9 ?? NaN, 1)} ms; the list (${fmt(messages)} messages, each opened) answered in ${fmt(ms / 1000, 2)} s, ${fmt(mb(raw.length), 1)} MB brotli`,
  };
  if (status !== 200) row.warning = `GET /api/all-messages answered ${status}`;
  else if (health['2xx'] !== health.requests.sent) row.warning = `${fmt(health.requests.sent - health['2xx'])} health checks not answered 2xx`;
  return { row, figures };
}

/** Builds a log of `target` events with a realistic mix, then times full rebuilds of the read models. */
export async function benchRebuild(
  mode: Mode,
  log: (line: string) => void,
): Promise<{
  rows: Row[];
  report: RebuildReport & { runs: RebuildReport[]; bare: BareRebuildReport & { runs: BareRebuildReport[] }; besideServer: object };
  generated: object;
}> {
  const target = mode.quick ? 30_000 : 1_000_000;
  const tmp = tempDir('spark-bench-rebuild-');
  try {
    // As the app keeps it (STORAGE_DIR/app.db): the last part runs the app on it.
    const storageDir = join(tmp.dir, 'storage');
    mkdirSync(storageDir);
    const file = join(storageDir, 'app.db');
    log(`  generating ${fmt(target)} events, sealed by the store's vault (6 per booking, ${fmt(CHUNK)} bookings per transaction)…`);
    const started = performance.now();
    const genWatch = watchCpu();
    const genCpu = process.cpuUsage();
    const made = generateLog(file, target, started + (mode.quick ? 30_000 : 150_000));
    const genSeconds = (performance.now() - started) / 1000;
    const genUsed = process.cpuUsage(genCpu);
    const genOthers = othersNote(genWatch.others((genUsed.user + genUsed.system) / 1e6));
    const sizeMb = mb(statSync(file).size);
    const runCount = mode.quick ? 1 : REBUILD_RUNS;
    log(`  generated ${fmt(made.events)} events in ${fmt(genSeconds, 1)} s (${fmt(made.events / genSeconds)} events/s), file ${fmt(sizeMb)} MB; rebuilding ${runCount === 1 ? 'once, in a child process' : `${runCount} times, each in a child process`}…`);
    const rebuildWatch = watchCpu();
    const runs: RebuildReport[] = [];
    const bares: BareRebuildReport[] = [];
    for (let i = 0; i < runCount; i++) {
      const run = await runChild<RebuildReport>('./rebuild-child.ts', file, 240_000);
      log(`  rebuild ${i + 1}: ${fmt(run.ms / 1000, 2)} s, ${fmt(run.cpuSeconds, 1)} s of CPU, peak RSS ${fmt(run.peakRssMb)} MB`);
      runs.push(run);
      // Its reference, interleaved: SQLite alone reading the same log and writing the same rows (a floor).
      const bare = await runChild<BareRebuildReport>('./rebuild-bare.ts', file, 240_000);
      log(`  bare SQLite ${i + 1}: read ${fmt(bare.readMs / 1000, 2)} s, write ${fmt(bare.writeMs / 1000, 2)} s, index ${fmt(bare.indexMs / 1000, 2)} s`);
      bares.push(bare);
    }
    const report = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
    const bareMs = (b: BareRebuildReport): number => b.readMs + b.writeMs + b.indexMs;
    const bare = [...bares].sort((a, b) => bareMs(a) - bareMs(b))[Math.floor(bares.length / 2)]!;
    const peakRssMb = Math.max(...runs.map((run) => run.peakRssMb));
    // The children's CPU outside rebuild() (start, open, counts) is small; count it as the benchmark's own, as the
    // bare children's (all of it).
    const rebuildOthers = othersNote(rebuildWatch.others(runs.reduce((sum, run) => sum + run.cpuSeconds + 0.3, 0) + bares.reduce((sum, b) => sum + b.cpuSeconds, 0)));
    // After the CPU watch above: the app's CPU is not another process's here.
    const beside = await rebuildBesideServer(storageDir, file, log);
    const seconds = report.ms / 1000;
    const times = runs.length > 1 ? ` (median of ${runs.map((run) => fmt(run.ms / 1000, 2)).join(', ')} s)` : '';
    const generated = { events: made.events, bookings: made.bookings, seconds: genSeconds, eventsPerSecond: made.events / genSeconds, fileMb: sizeMb, cutShort: made.cutShort };
    const rows: Row[] = [
      {
        section: '3 rebuild',
        name: `generate ${fmt(made.events)} events (sealed, direct insert)`,
        value: Math.round(made.events / genSeconds),
        unit: 'events/s',
        detail: [
          `${fmt(genSeconds, 1)} s; ${fmt(made.bookings)} bookings; database ${fmt(sizeMb)} MB; ${fmt(CHUNK * EVENTS_PER_BOOKING)} events per tx, synchronous=OFF while generating`,
          genOthers.text,
        ]
          .filter(Boolean)
          .join('; '),
      },
      {
        section: '3 rebuild',
        name: `rebuild ${fmt(report.events)} events (child process)`,
        value: Math.round(report.events / seconds),
        unit: 'events/s',
        detail: `${fmt(seconds, 2)} s${times}; peak RSS ${fmt(peakRssMb)} MB${runs.length > 1 ? ', the highest of the runs' : ''} (${runs.length > 1 ? 'the median run: ' : ''}before ${fmt(report.rssBeforeMb)} MB, after ${fmt(report.rssAfterMb)} MB); rows ${Object.entries(report.rows)
          .filter(([, v]) => v > 0)
          .map(([k, v]) => `${k} ${fmt(v)}`)
          .join(', ')}${rebuildOthers.text ? `; ${rebuildOthers.text}` : ''}`,
      },
      {
        section: '3 rebuild',
        name: 'bare SQLite: read that log, write those rows (one thread)',
        value: Math.round(bare.events / (bareMs(bare) / 1000)),
        unit: 'events/s',
        detail: `${fmt(bareMs(bare) / 1000, 2)} s${bares.length > 1 ? ` (median of ${bares.map((b) => fmt(bareMs(b) / 1000, 2)).join(', ')} s, each after a rebuild)` : ''}: reading ${fmt(bare.events)} events ${fmt(bare.readMs / 1000, 2)} s, writing ${fmt(bare.rows)} rows ${fmt(bare.writeMs / 1000, 2)} s, their indexes ${fmt(bare.indexMs / 1000, 2)} s; the rebuild took ${fmt(report.ms / bareMs(bare), 2)} × this`,
      },
      ...beside.rows,
    ];
    if (genOthers.warning) rows[0]!.warning = genOthers.warning;
    if (rebuildOthers.warning) rows[1]!.warning = rebuildOthers.warning;
    if (made.cutShort) rows[0]!.warning = `generation hit its time limit: only ${fmt(made.events)} of ${fmt(target)} events`;
    if (report.rows['bookings'] !== made.bookings || report.rows['messages'] !== 2 * made.bookings) {
      rows[1]!.warning = `read models do not match the log: ${JSON.stringify(report.rows)} for ${made.bookings} bookings`;
    }
    return { rows, report: { ...report, runs, bare: { ...bare, runs: bares }, besideServer: beside.figures }, generated };
  } finally {
    tmp.remove();
  }
}
