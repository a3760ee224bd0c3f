import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '#backend/logger.ts';
import { MailSender } from '#backend/mail/sender.ts';
import { newRequest, renderMail, requestReceived, type RequestSummary } from '#backend/mail/templates.ts';
import { startSmtp, type SmtpSink } from '../support/smtp.ts';
import { tempStorage } from './store.ts';

/**
 * The outbox keeps what a mail says and the sender renders it (ADR 023): a queued row holds the body as JSON and
 * no rendered text, what `due` hands the sender renders as the template wrote it, and a row queued by an older
 * version (rendered then, no body) is handed over as it was.
 */
describe('mail outbox: bodies kept, rendered when sent', () => {
  let t: ReturnType<typeof tempStorage>;
  const now = new Date('2026-11-25T09:00:00Z');
  const summary: RequestSummary = {
    kind: 'quote',
    firstName: 'Kit',
    lastName: 'Marlowe',
    email: 'kit@example.com',
    phone: '07700 900123',
    serviceType: 'EV Charger',
    address: '1 High Street, Staines',
    description: 'A charger on the drive & a new "smart" meter',
  };

  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  it('stores the body as JSON and no rendered text or HTML', () => {
    const mail = requestReceived('kit@example.com', summary, false);
    t.storage.mail.enqueue(mail, now);

    const row = t.storage.db.prepare('SELECT body, text, html FROM mail_outbox').get() as { body: string; text: string; html: string };
    expect({ text: row.text, html: row.html }).toEqual({ text: '', html: '' });
    expect(JSON.parse(row.body)).toEqual(mail.body);
  });

  it('hands the sender a body that renders as the template wrote it', () => {
    const mail = newRequest('office@example.com', { ...summary, phone: null }, 'https://sparkright.example/admin');
    t.storage.mail.enqueue(mail, now);

    const [due] = t.storage.mail.due(now);
    const { text, html } = renderMail(due!.body!);
    expect(text.split('\n').slice(0, 4)).toEqual(['A new quote request has arrived.', '', 'Name: Kit Marlowe', 'Email: kit@example.com']);
    // A missing value reads as a dash (JSON keeps it as null).
    expect(text).toContain('Phone: —');
    expect(html).toContain('<strong>Details:</strong> A charger on the drive &amp; a new &quot;smart&quot; meter');
    expect(renderMail(due!.body!)).toEqual(renderMail(mail.body));
  });

  it('hands over a mail queued before bodies as it was rendered then', () => {
    const at = now.toISOString();
    t.storage.db
      .prepare(`INSERT INTO mail_outbox (kind, to_addr, subject, text, html, created, next_attempt_at) VALUES ('new-request', 'old@example.com', 'Old', 'Old text', '<p>Old</p>', ?, ?)`)
      .run(at, at);

    expect(t.storage.mail.due(now)).toMatchObject([{ to: 'old@example.com', body: null, text: 'Old text', html: '<p>Old</p>' }]);
  });

  it('forgets the body with the address once the mail is sent', () => {
    t.storage.mail.enqueue(requestReceived('kit@example.com', summary, false), now);
    const [due] = t.storage.mail.due(now);
    t.storage.mail.sent(due!.id, now);

    expect(t.storage.db.prepare('SELECT to_addr, subject, body, text, html FROM mail_outbox').get()).toEqual({ to_addr: '', subject: '', body: null, text: '', html: '' });
  });

  it('forgets what a mail it gave up on said and to whom, and the address in its last error', () => {
    t.storage.mail.enqueue(requestReceived('kit@example.com', summary, false), now);
    const [due] = t.storage.mail.due(now);
    let gaveUp = false;
    for (let attempts = 0; !gaveUp; attempts++) gaveUp = t.storage.mail.failed(due!.id, attempts, '550 5.1.1 <kit@example.com>: Recipient address rejected', now);

    expect(t.storage.db.prepare('SELECT kind, to_addr, subject, body, text, html, last_error FROM mail_outbox').get()).toEqual({
      kind: 'request-received',
      to_addr: '',
      subject: '',
      body: null,
      text: '',
      html: '',
      last_error: '550 5.1.1 <[address]>: Recipient address rejected',
    });
  });

  it('forgets, when asked, what a mail given up by an older version kept', () => {
    const at = now.toISOString();
    t.storage.db
      .prepare(`INSERT INTO mail_outbox (kind, to_addr, subject, body, text, html, created, next_attempt_at, failed_at, attempts, last_error) VALUES ('request-received', 'kit@example.com', 'Kit', '{}', '', '', ?, ?, ?, 8, '550 <kit@example.com> unknown')`)
      .run(at, at, at);
    t.storage.mail.enqueue(requestReceived('ada@example.com', summary, false), now);

    expect(t.storage.mail.forgetGivenUp()).toBe(1);
    expect(t.storage.db.prepare('SELECT to_addr, subject, body, last_error FROM mail_outbox ORDER BY id').all()).toEqual([
      { to_addr: '', subject: '', body: null, last_error: '550 <[address]> unknown' },
      { to_addr: 'ada@example.com', subject: expect.any(String), body: expect.any(String), last_error: null },
    ]);
  });

  it('drops, for an erased person, the unsent mail to them and to the business about them, and no one else’s', () => {
    t.storage.mail.enqueue(requestReceived('kit@example.com', summary, false), now);
    t.storage.mail.enqueue(newRequest('office@example.com', summary, 'https://sparkright.example/admin'), now);
    t.storage.mail.enqueue(newRequest('office@example.com', { ...summary, firstName: 'Ada', email: 'ada@example.com' }, 'https://sparkright.example/admin'), now);

    expect(t.storage.mail.forget('kit@example.com')).toBe(2);
    expect(t.storage.mail.due(now).map((mail) => mail.subject)).toEqual(['New quote request: EV Charger — Ada Marlowe']);
  });

  it('links a web address inside a line of the HTML body, without the full stop that ends its sentence', () => {
    const { html } = renderMail({ greeting: 'Hello', lines: ['Follow it in your customer portal: https://example.com/customer-portal.', 'No address & <nothing> here'] });
    expect(html).toContain('<p>Follow it in your customer portal: <a href="https://example.com/customer-portal">https://example.com/customer-portal</a>.</p>');
    expect(html).toContain('<p>No address &amp; &lt;nothing&gt; here</p>');
  });
});

describe('mail outbox: an erasure while a mail is at the SMTP server', () => {
  let t: ReturnType<typeof tempStorage>;
  let smtp: SmtpSink;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(async () => {
    t.cleanup();
    await smtp.close();
  });

  it('never marks the next mail queued as sent in its place', async () => {
    let arrived!: () => void;
    const atServer = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    let held = false;
    smtp = await startSmtp({
      // Ann's mail is held at the server until released; any later one is taken at once.
      answer: async () => {
        if (held) return;
        held = true;
        arrived();
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    const body = { greeting: 'Hello', lines: ['A line'] };
    t.storage.mail.enqueue({ kind: 'booking-received', to: 'ann@example.com', subject: 'To Ann', body }, new Date());
    const sender = new MailSender(t.storage.mail, { smtpUrl: smtp.url, from: 'shop@example.com', devOutboxDir: join(mkdtempSync(join(tmpdir(), 'spark-mail-')), 'outbox') }, createLogger('silent'), () => new Date());
    const round = sender.wake();
    await atServer;
    // Ann is erased as her mail goes (storage.erase forgets her unsent mail), and a reset link for Bob is queued.
    expect(t.storage.mail.forget('ann@example.com')).toBe(1);
    t.storage.mail.enqueue({ kind: 'password-reset', to: 'bob@example.com', subject: 'Reset link for Bob', body }, new Date());
    release();
    await round;
    await sender.wake();
    await sender.stop();

    expect(smtp.messages.map((mail) => mail.subject)).toContain('Reset link for Bob');
    expect(t.storage.mail.pending()).toBe(0);
  });
});
