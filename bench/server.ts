/**
 * The benchmark's server, in its own process so it does not share an event loop with the load generator.
 * `node bench/server.ts raw` is a bare node:http hello world; `node bench/server.ts app [groupCommit]` is the
 * real app wired as tests/support/server.ts does, on a temporary STORAGE_DIR. Talks to its parent over IPC:
 * sends { type: 'ready', port }, answers 'usage' with its CPU time, and on 'stop' closes, cleans up and reports.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '#backend/app.ts';
import { loadConfig } from '#backend/config.ts';
import { createLogger } from '#backend/logger.ts';
import { MailSender } from '#backend/mail/sender.ts';
import { openServerStorage, type ServerStorage } from '#backend/storage.ts';
import { peakRssMb, tempDir } from './common.ts';

export type ServerMessage =
  | { type: 'ready'; port: number }
  | { type: 'usage'; cpuMicros: number; events: number; commands: number }
  | { type: 'stopped'; maxRssMb: number };
export type ParentMessage = { type: 'usage' } | { type: 'stop' };

const send = (m: ServerMessage): void => {
  process.send?.(m);
};

const mode = process.argv[2];
let server: Server;
let storage: ServerStorage | null = null;
let removeDir = (): void => {};

if (mode === 'raw') {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('Hello World');
  });
} else if (mode === 'app') {
  const tmp = tempDir('spark-bench-server-');
  removeDir = tmp.remove;
  const groupCommit = process.argv[3] !== 'false';
  const config = loadConfig({
    NODE_ENV: 'test',
    STORAGE_DIR: tmp.dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    GROUP_COMMIT: groupCommit ? 'true' : 'false',
    // The limits stay on; the benchmark raises them explicitly, as one client sends everything.
    RATE_LIMIT_SCALE: '1000000',
  });
  storage = openServerStorage(config);
  const logger = createLogger('silent');
  // Mail is queued in each request's transaction (measured); delivery runs outside the request path and is
  // stopped here so the development outbox's file writes do not compete with the measured requests.
  const mailer = new MailSender(storage.mail, config.mail, logger, () => new Date());
  await mailer.stop();
  const app = createApp({ config, logger, storage, clock: () => new Date(), keys: ['bench-key'], mailer });
  server = createServer(app.callback());
} else {
  throw new Error('usage: node bench/server.ts raw | app [true|false]');
}

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => send({ type: 'ready', port: (server.address() as AddressInfo).port }));

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  server.close(() => {
    storage?.close();
    removeDir();
    // Exit only once the report has left: process.send is asynchronous.
    if (process.send) process.send({ type: 'stopped', maxRssMb: peakRssMb() } satisfies ServerMessage, () => process.exit(0));
    else process.exit(0);
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
