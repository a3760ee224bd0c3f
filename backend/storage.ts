import { SERVER_BUSY_TIMEOUT_MS } from '#data/busy.ts';
import type { CommandSettings } from '#data/command-bus.ts';
import { openStorage, type Storage } from '#data/storage.ts';
import type { Config } from './config.ts';
import { ListThread, type ListThreadOptions } from './http/list-thread.ts';
import type { Logger } from './logger.ts';
import { WriterThread } from './writer/thread.ts';

/** The storage the server's commands run on: their units of work carry the deployment's settings. */
export type ServerStorage = Storage;

/**
 * The storage as the server opens it: group commit as configured, and a short synchronous lock wait, so a
 * lock held by another process (a rebuild, a backup) never freezes the event loop; writes wait for it
 * asynchronously, up to DB_BUSY_WAIT_MS, and are then answered 503. Commands get where business mail goes
 * and the site's address as `uow.settings`. The WAL is checkpointed in a worker thread (data/checkpointer.ts).
 */
export function openServerStorage(config: Config, logger?: Logger): ServerStorage {
  return openStorage(config.databaseFile, {
    groupCommit: config.groupCommit,
    checkpointInBackground: true,
    onBackgroundError: (message) => logger?.warn({ error: message }, 'WAL checkpointer'),
    busyTimeoutMs: SERVER_BUSY_TIMEOUT_MS,
    busyDeadlineMs: config.busyWaitMs,
    settings: settingsOf(config),
    // Before it serves: an erasure cut short is finished first (ADR 002's later part).
    rebuildIfOwed: true,
    onStartRebuild: (news) =>
      'ms' in news
        ? logger?.info({ models: news.models, events: news.events, ms: Math.round(news.ms) }, 'read models rebuilt; starting')
        : logger?.info({ models: news.models }, 'rebuilding read models before the server starts (their shape changed, or an erasure was cut short)'),
  });
}

/** The writer thread, opening its own storage as the server's is (backend/writer/worker.ts); none when commands run on the HTTP thread. */
export function startWriter(config: Config, logger?: Logger): WriterThread | undefined {
  if (!config.writerThread) return undefined;
  return new WriterThread(
    { file: config.databaseFile, groupCommit: config.groupCommit, busyTimeoutMs: SERVER_BUSY_TIMEOUT_MS, busyDeadlineMs: config.busyWaitMs, settings: settingsOf(config) },
    logger,
  );
}

/** The thread that builds long list answers on a read-only connection of its own (started with its first list). */
export function startListThread(config: Config, logger?: Logger, options?: ListThreadOptions): ListThread {
  return new ListThread(config.databaseFile, { publicUrl: config.publicUrl, businessEmail: config.mail.businessEmail }, logger, options);
}

/** The storage as a command-line tool opens it (its own process: rebuild slices may grow while nobody writes). */
export function openToolStorage(config: Config): ServerStorage {
  return openStorage(config.databaseFile, { ownProcess: true, settings: settingsOf(config) });
}

function settingsOf(config: Config): CommandSettings {
  return { businessEmail: config.mail.businessEmail, publicUrl: config.publicUrl };
}
