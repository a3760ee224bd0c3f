import { createApp } from './app.ts';
import { createAdmin } from './bootstrap.ts';
import { loadConfig, type Config } from './config.ts';
import { createHttpServer } from './http-server.ts';
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
if (started) {
  const { config, logger, storage, writer, lists, mailer, server } = started;
  const loops = [
    every('session pruning', HOUR, () => storage.sessions.prune(), logger),
    every('retention', 24 * HOUR, () => runRetention(storage, config.storageDir, new Date(), logger), logger),
    every('upload sweep', HOUR, () => sweepUnattachedUploads(storage, config.storageDir, new Date(), logger), logger, { startAfterMs: 60_000 }),
    every('reminders', 15 * MINUTE, () => sendReminders({ storage, writer }, new Date(), logger), logger, { startAfterMs: 30_000 }),
  ];

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), EXIT_DEADLINE_MS).unref();
    setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
    for (const loop of loops) loop.stop();
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
  let storage: ServerStorage;
  let keys: string[];
  try {
    storage = openServerStorage(config, logger);
    ({ keys } = loadSecrets(config.storageDir));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const reason = e.code && !e.message.startsWith(e.code) ? `${e.code}: ${e.message}` : e.message;
    return fail(`Cannot use the storage folder ${config.storageDir}: ${reason}. Set STORAGE_DIR to a folder this user can write to.`);
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
  const clock = () => new Date();
  const mailer = new MailSender(storage.mail, config.mail, logger, clock, calendarAttacher(storage.queries, { publicUrl: config.publicUrl, businessEmail: config.mail.businessEmail }, clock));
  mailer.start();
  if (mailer.usesDevOutbox) logger.info({ dir: config.mail.devOutboxDir }, 'no SMTP_URL: mail goes to the development outbox');
  const writer = startWriter(config, logger);
  const lists = startListThread(config, logger);
  const app = createApp({ config, logger, storage, writer, lists, clock, keys, mailer });
  const server = createHttpServer();
  server.on('request', app.callback());
  server.on('error', (err: NodeJS.ErrnoException) => {
    process.stderr.write(`Cannot listen on ${config.host}:${config.port}: ${err.code ?? err.message}\n`);
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, env: config.env, storage: config.storageDir }, `listening on http://localhost:${port}`);
  });
  return { config, logger, storage, writer, lists, mailer, server };
}

function fail(line: string): undefined {
  process.stderr.write(`${line.replace(/\n\s*/g, ' ')}\n`);
  process.exitCode = 1;
  return undefined;
}
