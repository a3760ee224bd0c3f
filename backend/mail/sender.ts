import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailOutbox, QueuedMail } from '#data/mail-outbox.ts';
import type { Logger } from '../logger.ts';
import { describeFault } from '../faults.ts';
import { renderMail } from './templates.ts';

/** `businessEmail`: where a customer's press of Reply goes (every mail is From a no-reply address). */
export type MailSettings = { smtpUrl: string | null; from: string; devOutboxDir: string; businessEmail?: string };

/** A file sent with a mail (a booking's calendar file). */
export type MailAttachment = { filename: string; content: string; contentType: string };
/** Makes the files a mail carries, when it is sent (so they show the record as it is then). */
export type Attacher = (mail: QueuedMail) => MailAttachment[];

/** Mails in flight at once (the SMTP pool's connections). */
const CONCURRENCY = 4;
/** Mails read from the outbox per query: urgent mail queued meanwhile waits for at most one batch. */
const BATCH = CONCURRENCY * 5;
/**
 * Outcomes are written together, this long after the first of them arrived: one commit (a synchronous fsync on
 * the HTTP thread) for the mails that finished meanwhile, not one per mail. A crash in that window sends those
 * few mails again on the next start, as a crash between sending and recording always could.
 */
const RECORD_AFTER_MS = 10;
/** When the outbox itself cannot be read or written (disk full, lock held), the next try. */
const DATABASE_RETRY_MS = 5_000;

/**
 * Where mail goes: SMTP when configured (a small pool of connections, opened for a delivery round and closed
 * after it, so no connection idles at the mail server between rounds); otherwise the development outbox folder.
 */
export function createTransport(settings: MailSettings): Transporter {
  if (settings.smtpUrl) {
    const url = new URL(settings.smtpUrl);
    url.searchParams.set('pool', 'true');
    url.searchParams.set('maxConnections', String(CONCURRENCY));
    return nodemailer.createTransport(url.toString());
  }
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}

/** What happened to a mail whose outcome could not be written to the outbox yet (`late`: out of date, not sent). */
type Outcome = { mail: QueuedMail; sentAt: Date } | { mail: QueuedMail; error: string; at: Date; late?: true };

/**
 * Delivers the outbox: on `wake()` (after a command queued mail) and on a timer for retries. A round goes on
 * while mail is due, urgent mail (reset and confirmation links) first, a few addresses at once and each
 * address's mail in order. A failed
 * attempt is retried with back-off; nothing is lost when SMTP is down.
 *
 * It never throws and never stops for good: when the outbox cannot be read or written (a full disk, a lock
 * held by another process) it logs and tries again later. A mail whose outcome could not be recorded is
 * remembered here and recorded later, and is not attempted again meanwhile, so a mail that went out is not
 * sent twice because the disk was full when we wrote it down.
 */
export class MailSender {
  readonly #outbox: MailOutbox;
  #transport: Transporter | undefined;
  readonly #settings: MailSettings;
  readonly #logger: Logger;
  readonly #clock: () => Date;
  readonly #attach: Attacher | undefined;
  readonly #unrecorded = new Map<number, Outcome>();
  #running: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #retry: NodeJS.Timeout | undefined;
  #recordSoon: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(outbox: MailOutbox, settings: MailSettings, logger: Logger, clock: () => Date, attach?: Attacher) {
    this.#outbox = outbox;
    this.#settings = settings;
    this.#logger = logger;
    this.#clock = clock;
    this.#attach = attach;
  }

  /** The mail's files; a file that cannot be made is left out (and logged), never the mail. */
  #attachments(mail: QueuedMail): MailAttachment[] {
    try {
      return this.#attach?.(mail) ?? [];
    } catch (err) {
      this.#logger.warn({ mailId: mail.id, kind: mail.kind, err: describeFault(err) }, 'mail sent without its attachment');
      return [];
    }
  }

  /** Whether mail stays on this machine (development outbox) instead of going out by SMTP. */
  get usesDevOutbox(): boolean {
    return !this.#settings.smtpUrl;
  }

  start(intervalMs = 30_000): void {
    this.#timer = setInterval(() => void this.wake(), intervalMs);
    this.#timer.unref();
    void this.wake();
  }

  /** Stops the timers and waits for a delivery round in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#retry) clearTimeout(this.#retry);
    this.#stopped = true;
    while (this.#running) await this.#running;
    // What went out in the last moments is written down now, so the next start does not send it again.
    this.#recordPending();
  }

  /** Starts a delivery round unless one is running (then it runs once more after it). Never rejects. */
  wake(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#round()
      .finally(() => this.#closeTransport())
      .catch((err: unknown) => this.#logger.error({ err, fault: describeFault(err) }, 'mail round failed; it will run again'))
      .finally(() => {
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

  /** How many mails went out but are not yet marked sent in the outbox (the database refused the write). */
  get unrecorded(): number {
    return this.#unrecorded.size;
  }

  /** Sends while anything is due: a batch at a time, re-reading the queue so urgent mail jumps the backlog. */
  async #round(): Promise<void> {
    while (!this.#stopped) {
      if (!this.#recordPending()) return this.#retryLater();
      let batch: QueuedMail[];
      try {
        batch = this.#outbox.due(this.#clock(), BATCH, new Set(this.#unrecorded.keys()));
      } catch (err) {
        this.#logger.error({ err, fault: describeFault(err) }, 'mail outbox unreadable; retrying later');
        return this.#retryLater();
      }
      if (batch.length === 0) return;
      await this.#sendAll(batch);
    }
  }

  /**
   * Sends a batch with up to CONCURRENCY in flight. Mails to one address go one after another, in the order they
   * were queued (a confirmation never overtakes the request it confirms); different addresses go in parallel.
   */
  async #sendAll(batch: QueuedMail[]): Promise<void> {
    const byRecipient = new Map<string, QueuedMail[]>();
    for (const mail of batch) byRecipient.set(mail.to, [...(byRecipient.get(mail.to) ?? []), mail]);
    const queues = [...byRecipient.values()];
    const worker = async (): Promise<void> => {
      for (let queue = queues.shift(); queue && !this.#stopped; queue = queues.shift()) {
        for (const mail of queue) {
          if (this.#stopped) return;
          await this.#deliver(mail);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queues.length) }, worker));
  }

  async #deliver(mail: QueuedMail): Promise<void> {
    let outcome: Outcome;
    const now = this.#clock();
    if (mail.sendBy !== null && mail.sendBy <= now.toISOString()) {
      // Its words would be wrong now (a link expired, "tomorrow" come): given up, never sent late.
      outcome = { mail, error: `out of date: not sent after ${mail.sendBy}`, at: now, late: true };
    } else {
      try {
        await this.#send(mail);
        outcome = { mail, sentAt: this.#clock() };
      } catch (error) {
        outcome = { mail, error: withoutAddresses((error as Error).message).slice(0, 500), at: this.#clock() };
      }
    }
    this.#unrecorded.set(mail.id, outcome);
    this.#recordSoon ??= setTimeout(() => {
      this.#recordSoon = undefined;
      this.#recordPending();
    }, RECORD_AFTER_MS);
  }

  /**
   * Writes every outcome not yet in the outbox, in one commit; keeps them all in memory when the database refuses.
   * False while it refuses.
   */
  #recordPending(): boolean {
    clearTimeout(this.#recordSoon);
    this.#recordSoon = undefined;
    const outcomes = [...this.#unrecorded.values()];
    if (outcomes.length === 0) return true;
    let gaveUp: boolean[];
    try {
      gaveUp = this.#outbox.together(() =>
        outcomes.map(({ mail, ...outcome }) => {
          if ('sentAt' in outcome) {
            this.#outbox.sent(mail.id, outcome.sentAt);
            return false;
          }
          return this.#outbox.failed(mail.id, mail.attempts, outcome.error, outcome.at, outcome.late);
        }),
      );
    } catch (err) {
      this.#logger.error({ err, fault: describeFault(err), mailIds: outcomes.map((o) => o.mail.id), sent: outcomes.filter((o) => 'sentAt' in o).length }, 'mail outcomes not recorded; will record them later');
      return false;
    }
    outcomes.forEach((outcome, i) => {
      const { mail } = outcome;
      this.#unrecorded.delete(mail.id);
      if ('sentAt' in outcome) this.#logger.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
      else
        this.#logger[gaveUp[i] && !('late' in outcome) ? 'error' : 'warn'](
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts + 1, err: outcome.error },
          'late' in outcome ? 'mail out of date, not sent' : gaveUp[i] ? 'mail given up' : 'mail will be retried',
        );
    });
    return true;
  }

  #closeTransport(): void {
    this.#transport?.close();
    this.#transport = undefined;
  }

  #retryLater(): void {
    if (this.#stopped || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.wake();
    }, DATABASE_RETRY_MS);
    this.#retry.unref();
  }

  async #send(mail: QueuedMail): Promise<void> {
    this.#transport ??= createTransport(this.#settings);
    // Rendered now (ADR 023); a mail queued before the outbox kept bodies was rendered then.
    const { text, html } = mail.body ? renderMail(mail.body) : mail;
    const attachments = this.#attachments(mail);
    // Reply goes to the person a mail to the business is about, and from a customer to the business.
    const replyTo = mail.body?.replyTo ?? (mail.body?.toBusiness ? undefined : this.#settings.businessEmail);
    const info = await this.#transport.sendMail({
      from: this.#settings.from,
      to: mail.to,
      ...(replyTo ? { replyTo } : {}),
      subject: mail.subject,
      text,
      html,
      ...(attachments.length > 0 ? { attachments } : {}),
    });
    if (this.usesDevOutbox) {
      await mkdir(this.#settings.devOutboxDir, { recursive: true, mode: 0o700 });
      // One time for the file's name and its `sentAt`, so the outbox lists mail in the order the files say.
      const sentAt = this.#clock().toISOString();
      const name = `${sentAt.replace(/[:.]/g, '-')}-${mail.id}`;
      await writeFile(join(this.#settings.devOutboxDir, `${name}.eml`), info.message as Buffer, { mode: 0o600 });
      // Written aside and renamed: whoever lists the outbox (its dev page, a test) never reads half a file.
      const json = join(this.#settings.devOutboxDir, `${name}.json`);
      await writeFile(`${json}.part`, JSON.stringify({ id: mail.id, kind: mail.kind, to: mail.to, subject: mail.subject, text, attachments: attachments.map((a) => a.filename), sentAt }, null, 2), {
        mode: 0o600,
      });
      await rename(`${json}.part`, json);
    }
  }
}

/**
 * A mail server's refusal without the addresses it quotes ("550 5.1.1 <jane@…>: Recipient address rejected"): it goes
 * to the log, which an erasure cannot reach, and to the outbox's row, as `[address]`.
 */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g, '[address]');
}
