import { prepared, type Db } from './db.ts';

/** A paragraph of a mail, or a label and its value. */
export type MailLine = string | [label: string, value: string | null | undefined];
/** What a mail says: rendered as plain text and as HTML when it is sent (backend/mail/templates.ts, `renderMail`). */
/** What a mail says; `calendar` names a booking whose calendar file goes with it, made when it is sent. */
/** `toBusiness`: a mail to the business itself (BUSINESS_EMAIL), which its own closing and signature would only sign to itself. */
/**
 * What a mail says, kept until it is sent. `replyTo`: where a press of Reply goes, when not to the business (the
 * sender's default for mail to customers): a mail to the business about someone names them, so its Reply reaches them.
 */
export type MailBody = { greeting: string; lines: MailLine[]; calendar?: { bookingId: string }; toBusiness?: true; replyTo?: string };
/**
 * A message to send; `kind` names the template, for the logs and the admin. `urgent` mail (a password reset
 * link lives one hour) is sent before any backlog.
 */
export type OutgoingMail = {
  kind: string;
  to: string;
  subject: string;
  body: MailBody;
  urgent?: boolean;
  /** Not sent after this time (ISO), when what it says would be wrong by then: a link expired, "tomorrow" come. */
  sendBy?: string;
};
/**
 * A mail the outbox holds: its body, or, queued by a version before the outbox kept bodies (migration 7), its
 * `text` and `html` as they were rendered then (`body` null).
 */
export type QueuedMail = { id: number; attempts: number; kind: string; to: string; subject: string; body: MailBody | null; text: string; html: string; sendBy: string | null };

/** Waits between attempts: 1 min, 5 min, 30 min, 2 h, then every 6 h; given up after the last. */
const BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 21_600_000, 21_600_000];

/**
 * The transactional outbox for mail: a command queues its mail in its own transaction, so a mail is never
 * sent for a change that rolled back, and a change is never stored without its mail (a crash between the
 * two just means the sender picks it up on the next start).
 */
export class MailOutbox {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Queues a mail. Call inside the command's transaction. What it says is kept as written (`body`, JSON) and rendered
   * when it is sent: a quote request's two mails, rendered, were the biggest rows it wrote (ADR 023).
   */
  enqueue(mail: OutgoingMail, now: Date): void {
    const at = now.toISOString();
    prepared(this.#db, `INSERT INTO mail_outbox (kind, to_addr, subject, body, text, html, created, next_attempt_at, priority, send_by) VALUES (?, ?, ?, ?, '', '', ?, ?, ?, ?)`)
      .run(mail.kind, mail.to, mail.subject, JSON.stringify(mail.body), at, at, mail.urgent ? 1 : 0, mail.sendBy ?? null);
  }

  /** Mail due by `now`: urgent first, then in the order it was queued. `skip` leaves out mail already handled. */
  due(now: Date, limit = 20, skip: ReadonlySet<number> = new Set()): QueuedMail[] {
    const rows = prepared(
      this.#db,
      `SELECT id, kind, to_addr AS "to", subject, body, text, html, attempts, send_by AS sendBy FROM mail_outbox
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? ORDER BY priority DESC, id LIMIT ?`,
    ).all(now.toISOString(), limit + skip.size) as Array<Omit<QueuedMail, 'body'> & { body: string | null }>;
    return rows
      .filter((r) => !skip.has(r.id))
      .slice(0, limit)
      .map((r) => ({ ...r, body: r.body === null ? null : (JSON.parse(r.body) as MailBody) }));
  }

  /** Marks a mail sent and forgets its content and address (they are personal data we no longer need). */
  sent(id: number, now: Date): void {
    prepared(this.#db, `UPDATE mail_outbox SET sent_at = ?, to_addr = '', subject = '', body = NULL, text = '', html = '' WHERE id = ?`).run(now.toISOString(), id);
  }

  /**
   * Records a failed attempt; schedules the next one or gives up (after the last wait, or at once when `giveUp`: a
   * mail out of date). Returns whether it gave up.
   */
  failed(id: number, attempts: number, error: string, now: Date, giveUp = false): boolean {
    const wait = giveUp ? undefined : BACKOFF_MS[attempts];
    if (wait === undefined) {
      // Given up: what it said and to whom go as a sent mail's do (personal data nobody will send now); its kind, tries
      // and last error stay for whoever looks into it, without the address an SMTP server's error may quote.
      const to = prepared(this.#db, 'SELECT to_addr FROM mail_outbox WHERE id = ?').pluck().get(id) as string | undefined;
      prepared(this.#db, `UPDATE mail_outbox SET attempts = ?, failed_at = ?, last_error = ?, to_addr = '', subject = '', body = NULL, text = '', html = '' WHERE id = ?`)
        .run(attempts + 1, now.toISOString(), to ? error.split(to).join('[address]') : error, id);
      return true;
    }
    prepared(this.#db, 'UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?')
      .run(attempts + 1, new Date(now.getTime() + wait).toISOString(), error, id);
    return false;
  }

  /**
   * Runs `record` in one write transaction: the sender writes the outcomes of several mails with one commit (one
   * fsync) instead of one each. If it throws, none of them is written.
   */
  together<T>(record: () => T): T {
    return this.#db.transaction(record).immediate();
  }

  /** Mail given up by a version that kept what it said: forgotten as a mail given up now is (the retention sweep). */
  forgetGivenUp(): number {
    return prepared(
      this.#db,
      `UPDATE mail_outbox SET last_error = replace(last_error, to_addr, '[address]'), to_addr = '', subject = '', body = NULL, text = '', html = ''
       WHERE sent_at IS NULL AND failed_at IS NOT NULL AND to_addr != ''`,
    ).run().changes;
  }

  /**
   * Unsent mail to an address, and to the business about that person (its `replyTo`: every mail to the business about
   * someone carries their address there), is dropped when the person is erased: emptied and given up, not deleted. A
   * deleted row's id went to the next mail queued, and the sender, finishing the erased one's send, marked that new mail
   * (a reset link, say) as sent, unsent.
   */
  forget(address: string, now: Date = new Date()): number {
    return prepared(
      this.#db,
      `UPDATE mail_outbox SET failed_at = ?, last_error = 'erased', to_addr = '', subject = '', body = NULL, text = '', html = ''
       WHERE sent_at IS NULL AND failed_at IS NULL AND (to_addr = ? OR json_extract(body, '$.replyTo') = ?)`,
    ).run(now.toISOString(), address, address).changes;
  }

  /**
   * Mail given up since `since` (every try failed, or out of date before it could go), not counting what an erasure
   * dropped: what the admin is told of (nobody else would know that customers were not told).
   */
  givenUpSince(since: Date): { count: number; lastAt: string | null } {
    const row = prepared(this.#db, `SELECT COUNT(*) AS count, MAX(failed_at) AS lastAt FROM mail_outbox WHERE failed_at >= ? AND sent_at IS NULL AND COALESCE(last_error, '') != 'erased'`).get(
      since.toISOString(),
    ) as { count: number; lastAt: string | null };
    return row;
  }

  pending(): number {
    return prepared(this.#db, 'SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL').pluck().get() as number;
  }
}
