import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailOutbox, OutgoingMail } from '#data/mail-outbox.ts';
import type { Logger } from '../logger.ts';

export type MailSettings = { smtpUrl: string | null; from: string; devOutboxDir: string };

/** Where mail goes: SMTP when configured; otherwise the development outbox folder in STORAGE_DIR. */
export function createTransport(settings: MailSettings): Transporter {
  if (settings.smtpUrl) return nodemailer.createTransport(settings.smtpUrl);
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}

/**
 * Delivers the outbox: on `wake()` (after a command queued mail) and on a timer for retries. One delivery
 * at a time, in order. A failed attempt is retried with back-off; nothing is lost when SMTP is down.
 */
export class MailSender {
  readonly #outbox: MailOutbox;
  readonly #transport: Transporter;
  readonly #settings: MailSettings;
  readonly #logger: Logger;
  readonly #clock: () => Date;
  #running: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(outbox: MailOutbox, settings: MailSettings, logger: Logger, clock: () => Date) {
    this.#outbox = outbox;
    this.#settings = settings;
    this.#transport = createTransport(settings);
    this.#logger = logger;
    this.#clock = clock;
  }

  /** Whether mail stays on this machine (development outbox) instead of going out by SMTP. */
  get usesDevOutbox(): boolean {
    return !this.#settings.smtpUrl;
  }

  start(intervalMs = 30_000): void {
    this.#timer = setInterval(() => this.wake(), intervalMs);
    this.#timer.unref();
    this.wake();
  }

  /** Stops the timer and waits for a delivery round in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#stopped = true;
    while (this.#running) await this.#running;
  }

  /** Starts a delivery round unless one is running (then it runs once more after it). */
  wake(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#deliver().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        void this.wake();
      }
    });
    return this.#running;
  }

  /** Resolves when everything due has been attempted (tests). */
  async drain(): Promise<void> {
    while (this.#running) await this.#running;
    await this.wake();
  }

  async #deliver(): Promise<void> {
    for (const mail of this.#outbox.due(this.#clock())) {
      if (this.#stopped) return;
      try {
        await this.#send(mail);
        this.#outbox.sent(mail.id, this.#clock());
        this.#logger.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
      } catch (error) {
        const gaveUp = this.#outbox.failed(mail.id, mail.attempts, (error as Error).message.slice(0, 500), this.#clock());
        this.#logger[gaveUp ? 'error' : 'warn']({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts + 1, err: (error as Error).message }, gaveUp ? 'mail given up' : 'mail will be retried');
      }
    }
  }

  async #send(mail: OutgoingMail & { id: number }): Promise<void> {
    const info = await this.#transport.sendMail({ from: this.#settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    if (this.usesDevOutbox) {
      mkdirSync(this.#settings.devOutboxDir, { recursive: true });
      const name = `${this.#clock().toISOString().replace(/[:.]/g, '-')}-${mail.id}`;
      writeFileSync(join(this.#settings.devOutboxDir, `${name}.eml`), info.message as Buffer);
      writeFileSync(
        join(this.#settings.devOutboxDir, `${name}.json`),
        JSON.stringify({ id: mail.id, kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text, sentAt: this.#clock().toISOString() }, null, 2),
      );
    }
  }
}
