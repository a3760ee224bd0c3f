import { resolve } from 'node:path';
import { z } from 'zod';
import { BUSINESS } from '#domain/business.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  STORAGE_DIR: z.string().min(1).default('./storage'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SESSION_MAX_AGE_HOURS: z.coerce.number().positive().default(24 * 7),
  JSON_LIMIT: z.string().default('100kb'),
  GROUP_COMMIT: bool.default(true),
  WRITER_THREAD: bool.default(true),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' }).optional(),
  MAIL_FROM: z.string().min(3).default(`${BUSINESS.name} <no-reply@${BUSINESS.email.split('@')[1]}>`),
  BUSINESS_EMAIL: z.email().default(BUSINESS.email),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  DIST_DIR: z.string().min(1).optional(),
  UPLOAD_QUOTA_MB_PER_DAY: z.coerce.number().positive().default(100),
  DB_BUSY_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  READ_CACHE_MB: z.coerce.number().positive().default(64),
});

/** The server's settings, from the environment, validated once at boot. */
export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  storageDir: string;
  databaseFile: string;
  /**
   * The site's public address: PUBLIC_URL, else `http://localhost:<port>`. With PORT=0 the port is known only once
   * the server is bound, so main.ts sets the real one (`withBoundPort`) before anything reads this.
   */
  publicUrl: string;
  /** Whether PUBLIC_URL was set (else publicUrl follows the port). */
  publicUrlSet: boolean;
  /** Cookies get Secure and the __Host- prefix when the site is served over HTTPS. */
  secureCookies: boolean;
  trustProxy: boolean;
  logLevel: string;
  admin: { email: string; password: string } | null;
  sessionMaxAgeMs: number;
  jsonLimit: string;
  groupCommit: boolean;
  /** Commands run in a worker thread of their own (backend/writer/thread.ts, ADR 015); off: on the HTTP thread. */
  writerThread: boolean;
  /** Where the built PWA is served from. */
  distDir: string;
  mail: { smtpUrl: string | null; from: string; businessEmail: string; devOutboxDir: string };
  /** Multiplies every rate limit; tests and the benchmark raise it explicitly (the limits stay on). */
  rateLimitScale: number;
  /** What one account (not the admin) may upload in any 24 hours, in bytes. */
  uploadQuotaBytesPerDay: number;
  /** How long a write waits for a lock another process holds before it is answered 503. */
  busyWaitMs: number;
  /**
   * What the lists answered from memory may hold, in bytes (backend/http/read-cache.ts): the least recently used
   * answers go once they hold more; the newest is kept whatever its size.
   */
  readCacheBytes: number;
  /** The developer tools (debug calls, dev pages, reset links in answers) exist only in development. */
  devTools: boolean;
};

/** Reads and validates the environment; a bad value stops the start with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const storageDir = resolve(e.STORAGE_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    storageDir,
    databaseFile: resolve(storageDir, 'app.db'),
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_HOURS * 60 * 60 * 1000,
    jsonLimit: e.JSON_LIMIT,
    groupCommit: e.GROUP_COMMIT,
    writerThread: e.WRITER_THREAD,
    distDir: e.DIST_DIR ? resolve(e.DIST_DIR) : resolve(import.meta.dirname, '..', 'dist'),
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      businessEmail: e.BUSINESS_EMAIL.toLowerCase(),
      devOutboxDir: resolve(storageDir, 'mail-outbox'),
    },
    rateLimitScale: e.RATE_LIMIT_SCALE,
    uploadQuotaBytesPerDay: Math.round(e.UPLOAD_QUOTA_MB_PER_DAY * 1024 * 1024),
    busyWaitMs: e.DB_BUSY_WAIT_MS,
    readCacheBytes: Math.round(e.READ_CACHE_MB * 1024 * 1024),
    devTools: e.NODE_ENV === 'development',
  };
}

/**
 * The settings once the server is bound to `port` (PORT=0 picks a free one): without PUBLIC_URL the site's address
 * names the real port, or browsers' calls would be refused as cross-site and mailed links would point at port 0.
 */
export function withBoundPort(config: Config, port: number): Config {
  if (config.publicUrlSet) return { ...config, port };
  return { ...config, port, publicUrl: `http://localhost:${port}` };
}
