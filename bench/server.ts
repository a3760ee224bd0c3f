/**
 * The benchmark's server, in its own process so it does not share an event loop with the load generator.
 * `node bench/server.ts bare <answers.json>` is a bare node:http server that sends, from memory, the answers
 * recorded in the file (by request path: the very status, headers and body bytes the app sent);
 * `node bench/server.ts app [groupCommit] [bookings]` is the real app wired as backend/main.ts does (the same
 * HTTP server wrapper), on a temporary STORAGE_DIR (or BENCH_STORAGE_DIR's, kept), with the bench admin and
 * `bookings` bookings made first.
 * Talks to its parent over IPC: sends { type: 'ready', port }, answers 'usage' with its CPU time, and on
 * 'stop' closes, cleans up and reports.
 */
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { createApp } from '#backend/app.ts';
import { createAdmin } from '#backend/bootstrap.ts';
import { loadConfig } from '#backend/config.ts';
import { createHttpServer } from '#backend/http-server.ts';
import { createLogger } from '#backend/logger.ts';
import { MailSender } from '#backend/mail/sender.ts';
import { openServerStorage, startListThread, startWriter, type ServerStorage } from '#backend/storage.ts';
import type { ListThread } from '#backend/http/list-thread.ts';
import type { WriterThread } from '#backend/writer/thread.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { BENCH_ADMIN, type RecordedAnswer } from './answers.ts';
import { peakRssMb, quoteForm, tempDir } from './common.ts';

export type ServerMessage =
  { type: 'ready'; port: number } | { type: 'usage'; cpuMicros: number; events: number; commands: number } | { type: 'stopped'; maxRssMb: number };
export type ParentMessage = { type: 'usage' } | { type: 'stop' };

const send = (m: ServerMessage): void => {
  process.send?.(m);
};

const mode = process.argv[2];
let server: Server;
let storage: ServerStorage | null = null;
let writer: WriterThread | undefined;
let lists: ListThread | undefined;
let removeDir = (): void => {};

if (mode === 'bare') {
  const recorded = JSON.parse(readFileSync(process.argv[3] ?? '', 'utf8')) as RecordedAnswer[];
  const answers = new Map(recorded.map((a) => [a.path, { status: a.status, headers: a.headers as OutgoingHttpHeaders, body: Buffer.from(a.body, 'base64') }]));
  server = createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
} else if (mode === 'app') {
  // BENCH_STORAGE_DIR: a folder whose app.db the app opens and leaves there (bench/rebuild.ts), else a fresh one.
  const given = process.env['BENCH_STORAGE_DIR'];
  const tmp = given ? { dir: given, remove: () => {} } : tempDir('spark-bench-server-');
  removeDir = tmp.remove;
  const groupCommit = process.argv[3] !== 'false';
  const bookings = Number(process.argv[4] ?? 0);
  const config = loadConfig({
    NODE_ENV: 'test',
    STORAGE_DIR: tmp.dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    GROUP_COMMIT: groupCommit ? 'true' : 'false',
    WRITER_THREAD: process.env['WRITER_THREAD'] ?? 'true',
    // The limits stay on; the benchmark raises them explicitly, as one client sends everything.
    RATE_LIMIT_SCALE: '1000000',
  });
  storage = openServerStorage(config);
  const { userId } = await createAdmin(storage, BENCH_ADMIN);
  const admin = storage.queries.user(userId)!;
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  // Varied people, places and services (the quote form's), booked for tomorrow by the admin.
  const made = Array.from({ length: bookings }, (_, i) => {
    const { preferredDate: _date, preferredTime: _time, ...form } = quoteForm(i, 'seed');
    return CreateBookingSchema.parse({ ...form, startDate: day, finishDate: day, status: 'confirmed', allowOverlap: true });
  });
  const seeding = storage;
  await Promise.all(
    made.map((input) =>
      seeding.bus.execute({ commandId: null, actor: admin.id, role: 'admin', now: new Date() }, (uow) => requestBookingOrQuote(uow, input, admin)),
    ),
  );
  const logger = createLogger('silent');
  // Mail is queued in each request's transaction (measured); delivery runs outside the request path and is
  // stopped here so the development outbox's file writes do not compete with the measured requests.
  const mailer = new MailSender(storage.mail, config.mail, logger, () => new Date());
  await mailer.stop();
  // Commands in the writer thread, as main.ts runs them (WRITER_THREAD=false in the environment: on this thread).
  writer = startWriter(config);
  lists = startListThread(config);
  const app = createApp({ config, logger, storage, writer, lists, clock: () => new Date(), keys: ['bench-key'], mailer });
  // The server wrapper main.ts uses, so its per-request work is measured too.
  server = createHttpServer();
  server.on('request', app.callback());
} else {
  throw new Error('usage: node bench/server.ts bare <answers.json> | app [true|false] [bookings]');
}

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => send({ type: 'ready', port: (server.address() as AddressInfo).port }));

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  server.close(() => {
    // The writer thread's connection first, so this one, the last, leaves the database checkpointed.
    void Promise.all([writer?.close(), lists?.close()]).then(() => {
      storage?.close();
      removeDir();
      // Exit only once the report has left: process.send is asynchronous.
      if (process.send) process.send({ type: 'stopped', maxRssMb: peakRssMb() } satisfies ServerMessage, () => process.exit(0));
      else process.exit(0);
    });
  });
  // Bounded: if closing hangs, clean up and leave anyway.
  setTimeout(() => {
    storage?.close();
    removeDir();
    process.exit(1);
  }, 10_000).unref();
}

process.on('message', (m: ParentMessage) => {
  if (m.type === 'usage') {
    const u = process.cpuUsage();
    const count = (table: string): number => (storage ? (storage.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number) : 0);
    send({ type: 'usage', cpuMicros: u.user + u.system, events: count('events'), commands: count('commands') });
  } else if (m.type === 'stop') {
    stop();
  }
});
// The parent went away (crash, Ctrl-C): don't linger.
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
