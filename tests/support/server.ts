import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { streamId } from '#domain/deciders/decider.ts';
import { userDecider } from '#domain/deciders/user.ts';
import { personSubject } from '#domain/events.ts';
import type { Storage } from '#data/storage.ts';
import { createApp } from '#backend/app.ts';
import { createAdmin } from '#backend/bootstrap.ts';
import { loadConfig, type Config } from '#backend/config.ts';
import { createHttpServer } from '#backend/http-server.ts';
import { createLogger } from '#backend/logger.ts';
import type { ListThread, ListThreadOptions } from '#backend/http/list-thread.ts';
import { calendarAttacher } from '#backend/mail/calendar-attachment.ts';
import { MailSender } from '#backend/mail/sender.ts';
import { openServerStorage, startListThread, startWriter } from '#backend/storage.ts';
import type { WriterThread } from '#backend/writer/thread.ts';

export type TestServer = {
  url: string;
  storage: Storage;
  mailer: MailSender;
  /** The thread the server's commands run in (none with WRITER_THREAD=false). */
  writer: WriterThread | undefined;
  storageDir: string;
  /**
   * Marks an account's email as proved, through the real command (as a completed mailed link would). For
   * fixtures; the mailed-link flow itself is tested end to end in auth.test.ts.
   */
  verifyEmail(email: string): Promise<void>;
  /** Stops the server and, unless kept, deletes the temporary storage directory. */
  close(options?: { keepStorage?: boolean }): Promise<void>;
};

export const ADMIN = { email: 'admin@example.com', password: 'a-long-test-passphrase' } as const;

/**
 * Starts the real app on an ephemeral port with a fresh temporary STORAGE_DIR (a real SQLite file),
 * with an admin account made the way production makes it. The HTTP server is the production one
 * (backend/http-server.ts), listening before the app is built so PUBLIC_URL can name its real address.
 */
export async function startServer(
  options: { env?: Record<string, string>; storageDir?: string; clock?: () => Date; lists?: ListThreadOptions | ((config: Config) => ListThread) } = {},
): Promise<TestServer> {
  const storageDir = options.storageDir ?? mkdtempSync(join(tmpdir(), 'spark-test-'));
  const server: Server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    STORAGE_DIR: storageDir,
    PORT: '0',
    PUBLIC_URL: url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    ...options.env,
  });
  const storage = openServerStorage(config);
  if (!storage.queries.adminExists()) await createAdmin(storage, ADMIN);
  const logger = createLogger('silent');
  const clock = options.clock ?? (() => new Date());
  const mailer = new MailSender(storage.mail, config.mail, logger, clock, calendarAttacher(storage.queries, { publicUrl: config.publicUrl, businessEmail: config.mail.businessEmail }, clock));
  // Commands run in the writer thread as in production (WRITER_THREAD=false in `env`: on this thread).
  const writer = startWriter(config);
  // Long lists are built in their thread as in production (it starts with the first list asked for); `lists` may
  // set it up otherwise, or make it.
  const lists = typeof options.lists === 'function' ? options.lists(config) : startListThread(config, undefined, options.lists);
  const app = createApp({ config, logger, storage, writer, lists, clock, keys: ['test-key'], mailer });
  server.on('request', app.callback());
  return {
    url,
    storage,
    mailer,
    writer,
    storageDir,
    async verifyEmail(email: string) {
      const user = storage.queries.userByEmail(email.toLowerCase());
      if (!user) throw new Error(`no account for ${email}`);
      const stream = streamId.user(user.id);
      await storage.bus.execute({ commandId: null, actor: user.id, role: 'customer', now: clock() }, (uow) =>
        uow.handle(stream, userDecider, { type: 'VerifyEmail', data: { now: clock().toISOString() } }, { subject: personSubject(user.email, stream) }),
      );
    },
    async close({ keepStorage = false } = {}) {
      await mailer.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([writer?.close(), lists.close()]);
      storage.close();
      if (!keepStorage) rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * What Client answers. Named, so the declarations tsc -b emits need no path into node_modules (in a worktree whose
 * node_modules links to another tree's, the inferred type could not be named).
 */
export type ClientAnswer = { status: number; headers: Headers; data: any; text: string };

/**
 * How long a request waits for its whole answer before it fails, naming itself: a server that took a connection and
 * never answered left a test waiting until its own time ran out, saying only that it had (once in CI, in outbox.spec).
 */
const ANSWER_MS = 30_000;

/** A tiny cookie-keeping HTTP client over fetch, one per simulated person. */
export class Client {
  readonly base: string;
  #cookies = new Map<string, string>();

  constructor(base: string) {
    this.base = base;
  }

  /** The Cookie header this client would send (for requests built by hand, e.g. multipart). */
  cookieHeader(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, options: { json?: unknown; body?: string; headers?: Record<string, string> } = {}): Promise<ClientAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.#cookies.size > 0) headers['cookie'] = this.cookieHeader();
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const signal = AbortSignal.timeout(ANSWER_MS);
    const unanswered = (err: unknown): never => {
      if (signal.aborted) throw new Error(`${method} ${path} got no answer within ${ANSWER_MS / 1000} s`, { cause: err });
      throw err;
    };
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual', signal }).catch(unanswered);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    const text = await res.text().catch(unanswered);
    let data: unknown = text;
    try {
      data = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, data: data as any, text };
  }

  get(path: string, headers?: Record<string, string>): Promise<ClientAnswer> {
    return this.request('GET', path, headers ? { headers } : {});
  }

  post(path: string, json?: unknown, headers?: Record<string, string>): Promise<ClientAnswer> {
    return this.request('POST', path, { ...(json !== undefined ? { json } : {}), ...(headers ? { headers } : {}) });
  }

  /** Signs up a customer through the API. */
  async register(email: string, password = 'a-customer-passphrase', firstName = 'Casey', lastName = 'Customer'): Promise<ClientAnswer> {
    return this.post('/api/auth/register', { firstName, lastName, email, password });
  }

  async loginAdmin(): Promise<ClientAnswer> {
    return this.post('/api/login', ADMIN);
  }
}
