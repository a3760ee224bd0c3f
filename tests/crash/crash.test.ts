import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '#data/storage.ts';
import { bookingForm, daysAhead, quoteForm } from '../integration/helpers.ts';
import { ADMIN, LONG, ServerProcess, call, random, report, seed, signIn, sleep, type Answer } from './support.ts';

/**
 * Nothing acknowledged is lost or doubled across kill -9 (the hardening issue, point 8). The real server runs as
 * its own process; clients drive creating calls (quote requests, bookings, messages, status changes), each with
 * its own Idempotency-Key. Three times, at a random moment, the server is killed with SIGKILL and started again
 * on the same storage; every call whose answer was not seen is sent again with the same key, as the PWA's outbox
 * does. Then: every call is in the log and the read models exactly once, the event positions have no gap or
 * duplicate, and a rebuild equals the live read models. `CRASH_SEED` repeats a run; `CRASH_LONG=1` runs longer.
 */

const SEED = seed();
const OPS = LONG ? 20_000 : 2_400;
const CLIENTS = 8;
const KILLS = 3;
const KINDS = ['quote', 'booking', 'message', 'status'] as const;
type Kind = (typeof KINDS)[number];
/** Status changes cycle through statuses that hold no slot, so no double-booking check interferes. */
const STATUS_CYCLE = ['completed', 'cancelled', 'pending'] as const;

type Op = {
  n: number;
  kind: Kind;
  key: string;
  marker: string;
  method: 'POST' | 'PATCH';
  path: string;
  json: Record<string, unknown>;
  cookie: string | null;
  bookingId?: string;
  target?: string;
  attempts: number;
  busy: number;
  answer?: Answer;
};

type Client = { email: string; cookie: string; bookingId: string; statusTurn: number };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('kill -9 under load', () => {
  it(`loses and doubles nothing across ${KILLS} kills during ${OPS} creating calls from ${CLIENTS} clients`, { timeout: LONG ? 900_000 : 240_000 }, async () => {
    const rng = random(SEED);
    const storageDir = mkdtempSync(join(tmpdir(), 'spark-crash-'));
    dirs.push(storageDir);
    const runs: ServerProcess[] = [];
    let server = await ServerProcess.start({ storageDir });
    runs.push(server);
    await server.ready();
    const base = server.url;
    const adminCookie = await signIn(base, '/api/login', ADMIN);

    // Each client is a customer with a booking of its own (for messages and status changes).
    const clients: Client[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const email = `crash.client${c}@example.com`;
      const cookie = await signIn(base, '/api/auth/register', { firstName: 'Crash', lastName: `Client${c}`, email, password: 'a-crash-client-passphrase' });
      const made = await call(base, 'POST', '/api/bookings', { json: bookingForm(email, { startDate: daysAhead(10 + c), finishDate: daysAhead(10 + c) }), headers: { cookie } });
      expect(made.status).toBe(201);
      clients.push({ email, cookie, bookingId: made.data.booking.id as string, statusTurn: 0 });
    }
    const setupEvents = (await call(base, 'GET', '/api/health', { headers: { cookie: adminCookie } })).data.eventPosition as number;

    const ops: Op[] = [];
    let next = 0;
    let completed = 0;
    const thresholds = Array.from({ length: KILLS }, () => Math.floor(OPS * (0.15 + 0.7 * rng()))).sort((a, b) => a - b);
    const restarts: Array<{ atOp: number; downMs: number }> = [];
    let restarting: Promise<void> | null = null;

    const makeOp = (n: number, client: Client): Op => {
      const kind = KINDS[Math.floor(rng() * KINDS.length)]!;
      const marker = `crash-${SEED}-${n}`;
      const base: Omit<Op, 'method' | 'path' | 'json' | 'cookie'> = { n, kind, key: randomUUID(), marker, attempts: 0, busy: 0 };
      switch (kind) {
        case 'quote':
          return { ...base, method: 'POST', path: '/api/bookings', json: quoteForm({ email: `visitor${n % 50}@example.com`, description: marker }), cookie: null };
        case 'booking': {
          const day = daysAhead(1 + Math.floor(rng() * 700));
          return { ...base, method: 'POST', path: '/api/bookings', json: bookingForm(client.email, { startDate: day, finishDate: day, description: marker }), cookie: client.cookie };
        }
        case 'message':
          return { ...base, method: 'POST', path: `/api/bookings/${client.bookingId}/messages`, json: { content: marker }, cookie: client.cookie, bookingId: client.bookingId };
        case 'status': {
          const target = STATUS_CYCLE[client.statusTurn++ % STATUS_CYCLE.length]!;
          return { ...base, method: 'PATCH', path: `/api/bookings/${client.bookingId}`, json: { status: target }, cookie: adminCookie, bookingId: client.bookingId, target };
        }
      }
    };

    const killAndRestart = async (atOp: number): Promise<void> => {
      const old = server;
      const killedAt = performance.now();
      await old.kill9();
      server = await ServerProcess.start({ storageDir, port: old.port });
      runs.push(server);
      await server.ready();
      restarts.push({ atOp, downMs: Math.round(performance.now() - killedAt) });
    };

    /** One client: its calls one after another; a call whose answer was not seen is sent again, same key. */
    const runClient = async (client: Client): Promise<void> => {
      for (let n = next++; n < OPS; n = next++) {
        const op = makeOp(n, client);
        ops.push(op);
        for (;;) {
          op.attempts += 1;
          try {
            const res = await call(base, op.method, op.path, { json: op.json, headers: { 'idempotency-key': op.key, ...(op.cookie ? { cookie: op.cookie } : {}) }, timeoutMs: 10_000 });
            if (res.status === 503) {
              op.busy += 1;
              await sleep(100);
              continue;
            }
            op.answer = res;
            break;
          } catch {
            await sleep(20 + rng() * 50);
          }
        }
        completed += 1;
        if (restarts.length + (restarting ? 1 : 0) < KILLS && completed >= thresholds[restarts.length]! && !restarting) {
          restarting = killAndRestart(completed).finally(() => (restarting = null));
        }
      }
    };

    const started = performance.now();
    await Promise.all(clients.map(runClient));
    while (restarting) await restarting;
    const seconds = (performance.now() - started) / 1000;
    const stopped = await server.terminate();

    // ---- every call answered as it should ----
    const wrong = ops.filter((op) => op.answer?.status !== (op.kind === 'status' ? 200 : 201));
    expect(wrong.map((op) => ({ n: op.n, kind: op.kind, status: op.answer?.status, body: op.answer?.data }))).toEqual([]);
    const failures = runs.flatMap((r) => r.logs()).filter((l) => l['msg'] === 'request failed' || String(l['msg']).startsWith('uncaught') || String(l['msg']).startsWith('unhandled'));
    expect(failures).toEqual([]);

    // ---- and in the log and the read models exactly once ----
    const storage = openStorage(join(storageDir, 'app.db'));
    try {
      const db = storage.db;
      const commands = db.prepare('SELECT COUNT(*) FROM commands WHERE command_id = ?').pluck();
      const byType = db.prepare('SELECT type, COUNT(*) AS n FROM events WHERE command_id = ? GROUP BY type');
      const primary: Record<Kind, string> = { quote: 'QuoteRequested', booking: 'BookingRequested', message: 'MessagePosted', status: 'BookingStatusChanged' };
      const quoteRows = db.prepare('SELECT id FROM quotes WHERE description = ?').pluck();
      const bookingRows = db.prepare('SELECT id FROM bookings WHERE description = ?').pluck();
      // A message's text is kept sealed in its row (ADR 022): read through the queries, which open it.
      const messages = storage.queries.allMessages();
      const rowsWith: Record<Exclude<Kind, 'status'>, (marker: string) => string[]> = {
        quote: (marker) => quoteRows.all(marker) as string[],
        booking: (marker) => bookingRows.all(marker) as string[],
        message: (marker) => messages.filter((m) => m.content === marker).map((m) => m.id),
      };
      const problems: string[] = [];
      for (const op of ops) {
        if (commands.get(op.key) !== 1) problems.push(`${op.n} ${op.kind}: ${String(commands.get(op.key))} idempotency records`);
        const types = Object.fromEntries((byType.all(op.key) as Array<{ type: string; n: number }>).map((r) => [r.type, r.n]));
        if (types[primary[op.kind]] !== 1) problems.push(`${op.n} ${op.kind}: events ${JSON.stringify(types)}`);
        if (op.kind !== 'status') {
          const ids = rowsWith[op.kind](op.marker);
          const answered = op.kind === 'quote' ? op.answer?.data?.quote?.id : op.kind === 'booking' ? op.answer?.data?.booking?.id : op.answer?.data?.id;
          if (ids.length !== 1 || ids[0] !== answered) problems.push(`${op.n} ${op.kind}: rows ${JSON.stringify(ids)}, answered ${String(answered)}`);
        }
      }
      expect(problems.slice(0, 20)).toEqual([]);
      // The last status change of each client's booking is its status.
      for (const client of clients) {
        const last = ops.filter((op) => op.kind === 'status' && op.bookingId === client.bookingId).at(-1);
        if (last) expect(storage.queries.booking(client.bookingId)?.status).toBe(last.target);
      }

      // ---- positions without gap or duplicate ----
      const { count, low, high } = db.prepare('SELECT COUNT(*) AS count, MIN(global_position) AS low, MAX(global_position) AS high FROM events').get() as { count: number; low: number; high: number };
      expect({ low, high }).toEqual({ low: 1, high: count });
      const brokenStreams = db
        .prepare('SELECT stream_id FROM events GROUP BY stream_id HAVING MIN(stream_position) != 1 OR MAX(stream_position) != COUNT(*) OR COUNT(DISTINCT stream_position) != COUNT(*)')
        .pluck()
        .all();
      expect(brokenStreams).toEqual([]);
      expect(count).toBeGreaterThan(setupEvents + OPS);

      // ---- a rebuild equals the live read models ----
      const live = storage.snapshot();
      await storage.rebuild();
      expect(storage.snapshot()).toEqual(live);

      const retried = ops.filter((op) => op.attempts > 1);
      report('kill -9', {
        seed: SEED,
        calls: OPS,
        clients: CLIENTS,
        seconds: Math.round(seconds * 10) / 10,
        callsPerSecond: Math.round(OPS / seconds),
        kills: restarts.length,
        restartsAtCall: restarts.map((r) => r.atOp),
        downMs: restarts.map((r) => r.downMs),
        acknowledgedFirstTime: ops.length - retried.length,
        retried: retried.length,
        replayedAnswers: ops.filter((op) => op.answer?.headers['idempotent-replayed'] === 'true').length,
        busyAnswers: ops.reduce((sum, op) => sum + op.busy, 0),
        lost: 0,
        doubled: 0,
        events: count,
        sigtermMs: Math.round(stopped.ms),
      });
      expect(restarts).toHaveLength(KILLS);
    } finally {
      storage.close();
    }
  });
});
