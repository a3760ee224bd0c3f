import { openStorage } from '#data/storage.ts';
import { createApp } from './app.ts';
import { createAdmin } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { MailSender } from './mail/sender.ts';
import { runRetention } from './retention.ts';
import { loadSecrets } from './secrets.ts';

// The only file with side effects: config -> logger -> database -> app -> listen.
const config = loadConfig();
const logger = createLogger(config.logLevel);
const storage = openStorage(config.databaseFile, { groupCommit: config.groupCommit });

if (config.admin && !storage.queries.adminExists()) {
  const { created } = await createAdmin(storage, config.admin);
  logger.info({ created }, 'admin account set up from ADMIN_EMAIL');
} else if (!storage.queries.adminExists()) {
  logger.warn('No admin account yet: run `npm run create-admin -- --email you@example.com --password …`');
}

const { keys } = loadSecrets(config.storageDir);
const clock = () => new Date();
const mailer = new MailSender(storage.mail, config.mail, logger, clock);
mailer.start();
if (mailer.usesDevOutbox) logger.info({ dir: config.mail.devOutboxDir }, 'no SMTP_URL: mail goes to the development outbox');
const app = createApp({ config, logger, storage, clock, keys, mailer });
const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, env: config.env, storage: config.storageDir }, `listening on http://localhost:${port}`);
});
server.keepAliveTimeout = 65_000;

const pruneTimer = setInterval(() => storage.sessions.prune(), 60 * 60 * 1000);
pruneTimer.unref();
const retention = () => void runRetention(storage, config.storageDir, clock(), logger).catch((err: unknown) => logger.error({ err }, 'retention failed'));
retention();
setInterval(retention, 24 * 60 * 60 * 1000).unref();

function shutdown(signal: string): void {
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    void mailer.stop().then(() => {
      storage.close();
      process.exit(0);
    });
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
