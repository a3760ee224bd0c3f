import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApp } from './app.ts';
import { createAdmin } from './bootstrap.ts';
import { loadConfig, withBoundPort, type Config } from './config.ts';
import { createHttpServer } from './http-server.ts';
import { takeLease, RENEW_MS, type Lease } from './lease.ts';
import { createLogger } from './logger.ts';
import { every } from './loops.ts';
import { calendarAttacher } from './mail/calendar-attachment.ts';
import { MailSender } from './mail/sender.ts';
import { missingNodeFlags } from './node-flags.ts';
import { guardProcess } from './process-guard.ts';
import { sendReminders } from './reminders.ts';
import { runRetention } from './retention.ts';
import { loadSecrets } from './secrets.ts';
import { openServerStorage, startListThread, startWriter, type ServerStorage } from './storage.ts';
import { sweepUnattachedUploads } from './uploads/sweep.ts';

// The only file with side effects: config -> logger -> database -> app -> listen.
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** SIGTERM ends the process within this, whatever is still running (the brief allows 10 s). */
const EXIT_DEADLINE_MS = 8_000;
/** Requests still running this long after SIGTERM have their connections closed. */
const DRAIN_MS = 4_000;

const started = await start();
// A start that failed has said why: it ends now, whatever a thread or timer it had begun would keep going.
if (!started) process.exit(process.exitCode ?? 1);
else {
  const { config, logger, storage, writer, lists, mailer, server, lease } = started;
  const loops = [
    every('session pruning', HOUR, () => storage.sessions.prune(), logger),
    every('retention', 24 * HOUR, () => runRetention(storage, config.storageDir, new Date(), logger), logger),
    every('upload sweep', HOUR, () => sweepUnattachedUploads(storage, config.storageDir, new Date(), logger), logger, { startAfterMs: 60_000 }),
    every('reminders', 15 * MINUTE, () => sendReminders({ storage, writer }, new Date(), logger), logger, { startAfterMs: 30_000 }),
  ];

  let stopping = false;
  // Renewed while it runs; taken by another server meanwhile (its own lapsed while this one's event loop was held
  // long), this one stops rather than send every mail a second time.
  const renewing = setInterval(() => {
    if (!lease.renew()) {
      logger.error({ storage: config.storageDir }, 'another server took this storage folder; stopping');
      shutdown('lease lost');
    }
  }, RENEW_MS);
  renewing.unref();
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(renewing);
    setTimeout(() => process.exit(1), EXIT_DEADLINE_MS).unref();
    setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
    for (const loop of loops) loop.stop();
    // Every answer from now on closes its connection: a client on a kept-alive one (a proxy) went on sending new writes
    // until the drain cut them off mid-request, a POST that may have committed answered by the proxy as 502.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      res.shouldKeepAlive = false;
    });
    server.close(() => {
      // The writer thread's connection closes first, so this thread's, the last, leaves the database checkpointed.
      void Promise.all([mailer.stop(), writer?.close(), lists.close()]).then(() => {
        storage.close();
        process.exit(0);
      });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * Opens everything and starts listening. A start that cannot work (bad configuration, storage it cannot write)
 * ends with one line saying what to fix, not a stack trace.
 */
async function start() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    return fail((err as Error).message);
  }
  const logger = createLogger(config.logLevel);
  guardProcess(logger);
  const missing = missingNodeFlags(process.execArgv, process.env['NODE_OPTIONS']);
  if (missing.length > 0) logger.warn({ missing }, 'Node was started without the server\'s options (npm start passes them); answers may wait longer under load');
  // One server to a storage folder (lease.ts): taken before anything in it is changed.
  let lease: Lease | string;
  try {
    lease = await takeLease(config.storageDir);
  } catch (err) {
    return fail(`Cannot use the storage folder ${config.storageDir}: ${storageProblem(err)}`);
  }
  if (typeof lease === 'string') return fail(lease);
  // Given up however the process ends, but for a kill -9 (its pid gone, the next start here takes it at once).
  const held = lease;
  process.once('exit', () => held.release());
  let storage: ServerStorage | undefined;
  let keys: string[];
  try {
    storage = openServerStorage(config, logger);
    // Renewed at once: a rebuild at opening holds the event loop, and the lease may have lapsed to a server waiting.
    if (!lease.renew()) {
      storage.close();
      return fail(`Another server took the storage folder ${config.storageDir} while this one opened it.`);
    }
    ({ keys } = loadSecrets(config.storageDir));
  } catch (err) {
    storage?.close();
    return fail(`Cannot use the storage folder ${config.storageDir}: ${storageProblem(err)}`);
  }
  if (config.admin && !storage.queries.adminExists()) {
    try {
      const { created } = await createAdmin(storage, config.admin);
      logger.info({ created }, 'admin account set up from ADMIN_EMAIL');
    } catch (err) {
      storage.close();
      return fail(`Cannot set up the admin account from ADMIN_EMAIL: ${(err as Error).message}`);
    }
  } else if (!storage.queries.adminExists()) {
    logger.warn('No admin account yet: run `npm run create-admin -- --email you@example.com --password …`');
  }
  const server = createHttpServer();
  // PORT=0 picks a free port, known only once bound, and the site's address (PUBLIC_URL's default) must name it
  // before the app, the mail and the writer thread are given it. So that port is bound first; until the app is
  // built (a moment: nobody has been told the port yet) a call there is answered 503. A fixed port is bound last.
  const starting = (_req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ error: { code: 'starting', message: 'The server is starting. Please try again in a moment.' } }));
  };
  if (config.port === 0) {
    server.on('request', starting);
    const port = await listen(server, config);
    if (port === undefined) {
      storage.close();
      process.exit(1);
    }
    config = withBoundPort(config, port);
  }
  const clock = () => new Date();
  const mailer = new MailSender(storage.mail, config.mail, logger, clock, calendarAttacher(storage.queries, { publicUrl: config.publicUrl, businessEmail: config.mail.businessEmail }, clock));
  mailer.start();
  // In production, a warning: no customer hears anything, and their reset links lie in files on this disk.
  if (mailer.usesDevOutbox && config.env === 'production') logger.warn({ dir: config.mail.devOutboxDir }, 'no SMTP_URL: no mail leaves this machine; it is written to the development outbox');
  else if (mailer.usesDevOutbox) logger.info({ dir: config.mail.devOutboxDir }, 'no SMTP_URL: mail goes to the development outbox');
  const writer = startWriter(config, logger);
  const lists = startListThread(config, logger);
  const app = createApp({ config, logger, storage, writer, lists, clock, keys, mailer });
  server.off('request', starting);
  server.on('request', app.callback());
  if (!server.listening && (await listen(server, config)) === undefined) process.exit(1);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, publicUrl: config.publicUrl, env: config.env, storage: config.storageDir }, `listening on http://localhost:${port}`);
  server.on('error', (err: NodeJS.ErrnoException) => {
    process.stderr.write(`HTTP server error on ${config.host}:${port}: ${err.code ?? err.message}\n`);
    process.exit(1);
  });
  return { config, logger, storage, writer, lists, mailer, server, lease };
}

/** Binds the server to the configured port; undefined, with one line saying why, when it cannot. */
async function listen(server: ReturnType<typeof createHttpServer>, config: Config): Promise<number | undefined> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    fail(`Cannot listen on ${config.host}:${config.port}: ${e.code ?? e.message}`);
    return undefined;
  }
  const address = server.address();
  return typeof address === 'object' && address ? address.port : config.port;
}

/**
 * Why the storage could not be used, in one line: its cause too (a rebuild that failed says which event it could not
 * read), and the advice on STORAGE_DIR only when the folder is the trouble (not for a database another process holds,
 * a damaged file or a full disk).
 */
function storageProblem(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const reason = e.code && !e.message.startsWith(e.code) ? `${e.code}: ${e.message}` : e.message;
  const cause = e.cause instanceof Error && !reason.includes(e.cause.message) ? ` (${e.cause.message})` : '';
  const folder = ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOENT'].includes(e.code ?? '') ? ' Set STORAGE_DIR to a folder this user can write to.' : '';
  return `${reason}${cause}.${folder}`;
}

function fail(line: string): undefined {
  process.stderr.write(`${line.replace(/\n\s*/g, ' ')}\n`);
  process.exitCode = 1;
  return undefined;
}
