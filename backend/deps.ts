import type { ServerStorage } from './storage.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { MailSender } from './mail/sender.ts';
import type { RateLimits } from './http/rate-limit.ts';
import type { ListThread } from './http/list-thread.ts';
import type { ReadCache } from './http/read-cache.ts';
import type { WriterThread } from './writer/thread.ts';

/** What the HTTP app is built from; tests pass real ones with a temporary storage directory. */
export type AppDeps = {
  config: Config;
  logger: Logger;
  storage: ServerStorage;
  /** Injected so tests can fix time. */
  clock: () => Date;
  /** Cookie-signing keys (backend/secrets.ts). */
  keys: string[];
  /** Delivers the mail outbox; routes wake it after a command queued mail. */
  mailer: MailSender;
  /** The thread commands run in (backend/writer/thread.ts); without it they run on this thread's bus. */
  writer?: WriterThread | undefined;
  /** The thread long list answers are built in (backend/http/list-thread.ts); without it, on this thread. */
  lists?: ListThread | undefined;
  /** Rate limits, shared by all routes (built by createApp from config.rateLimitScale). */
  limits: RateLimits;
  /** List answers kept per read-model version (built by createApp). */
  reads: ReadCache;
};
