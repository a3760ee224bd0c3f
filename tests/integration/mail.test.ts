import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { MailSender } from '#backend/mail/sender.ts';
import { createLogger } from '#backend/logger.ts';
import { openStorage } from '#data/storage.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, parseMail, startSmtp, type ReceivedMail, type SmtpSink } from '../support/smtp.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { walFrames } from '../support/wal.ts';
import { bankHolidaysBetween, bankHolidaysOf } from '#domain/bank-holidays.ts';
import { dayWords } from '#domain/history.ts';
import { bookingReference } from '#domain/reference.ts';
import { bookingForm, daysAhead, quoteForm } from './helpers.ts';

const BUSINESS = 'office@example.com';

type OutboxRow = { id: number; kind: string; to_addr: string; subject: string; body: string | null; text: string; html: string; attempts: number; created: string; next_attempt_at: string; sent_at: string | null; last_error: string | null };
const outboxRows = (server: TestServer): OutboxRow[] => server.storage.db.prepare('SELECT * FROM mail_outbox ORDER BY id').all() as OutboxRow[];

describe('mail by SMTP', () => {
  let smtp: SmtpSink;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: smtp.url, BUSINESS_EMAIL: BUSINESS } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });
  afterEach(async () => {
    await server.mailer.drain();
    smtp.messages.length = 0;
  });

  it('a public quote request sends "request received" to the customer and "new request" to the business, each with text and HTML', async () => {
    const res = await new Client(server.url).post('/api/bookings', quoteForm({ email: 'jane.doe@example.com' }));
    expect(res.status).toBe(201);
    await server.mailer.drain();

    // Different addresses are sent in parallel, so they may arrive in either order.
    expect(smtp.messages.map((m) => m.to).sort()).toEqual([['jane.doe@example.com'], [BUSINESS]].sort());
    const received = smtp.messages.find((m) => m.to.includes('jane.doe@example.com'));
    const notice = smtp.messages.find((m) => m.to.includes(BUSINESS));
    expect(received!.subject).toBe('We have your quote request — SparkRight Electrical');
    expect(received!.text).toContain('Hello Jane,');
    expect(received!.html).toContain('<p>Hello Jane,</p>');
    // A receipt: the day and number they gave, to catch one typed wrong, and how to say so; not the words they typed
    // (address, details), which to an address a visitor typed would relay anyone's text from the business's domain.
    expect(received!.text).toMatch(/^Preferred date: \w+ \d+ \w+ \d{4}$/m);
    expect(received!.text).toContain('Phone: 01784 123456');
    expect(received!.text).not.toContain('1 High Street');
    expect(received!.text).not.toContain('Two new double sockets');
    expect(received!.text).toContain('If anything is wrong, call us on');
    // On a phone the number is a tap away, in the line and under the signature.
    expect(received!.html).toMatch(/call us on <a href="tel:\+441632960123">01632 960123<\/a>/);
    expect(received!.html).toMatch(/<br><a href="tel:\+441632960123">01632 960123<\/a> · /);
    expect(received!.text).toContain('The SparkRight Electrical team');
    expect(notice!.text).toContain('Sent by the SparkRight Electrical website.');
    expect(notice!.text).not.toContain('The SparkRight Electrical team');
    expect(notice!.subject).toBe('New quote request: Electrical Installation — Jane Doe');
    expect(notice!.text).toContain('Email: jane.doe@example.com');
    expect(notice!.text).toContain('Details: Two new double sockets in the kitchen');
    expect(notice!.html).toContain('<strong>Phone:</strong> 01784 123456');
    // Where to act on it, as a link that opens this request in To Be Quoted (a quote request has no reference yet:
    // only bookings have one).
    const quoteId = res.data.quote.id as string;
    expect(notice!.text).toContain(`Price it in the Admin Portal: ${server.url}/admin?tab=quotes&quote=${quoteId}`);
    expect(notice!.html).toContain(`<a href="${server.url}/admin?tab=quotes&amp;quote=${quoteId}">`);
    expect(notice!.text).not.toContain('Reference');
    // It has no dates (only a preferred day): no "Dates: —" line.
    expect(notice!.text).not.toContain('Dates:');
    expect(received!.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    // Reply reaches a person: the customer's Reply the business, the business's Reply the customer (both are sent
    // From the site's no-reply address).
    expect(received!.raw).toMatch(new RegExp(`^Reply-To: ${BUSINESS}\\r?$`, 'm'));
    expect(notice!.raw).toMatch(/^Reply-To: jane\.doe@example\.com\r?$/m);
  });

  it('a message from a customer and the contact form answer to the person on Reply', async () => {
    const sam = new Client(server.url);
    expect((await sam.register('sam.reply@example.com', 'a-customer-passphrase', 'Sam', 'Reply')).status).toBe(201);
    const booking = await sam.post('/api/bookings', bookingForm('sam.reply@example.com', { startDate: daysAhead(61), finishDate: daysAhead(61) }));
    expect(booking.status).toBe(201);
    await server.mailer.drain();
    smtp.messages.length = 0;

    expect((await sam.post(`/api/bookings/${booking.data.booking.id}/messages`, { content: 'Is parking free outside? See https://parking.example/spaces' })).status).toBe(201);
    expect((await new Client(server.url).post('/api/contacts', { firstName: 'Cora', email: 'cora.contact@example.com', details: 'Do you fit EV chargers?' })).status).toBe(201);
    await server.mailer.drain();

    const message = smtp.messages.find((m) => m.subject.startsWith('New message from Sam Reply'));
    expect(message!.raw).toMatch(/^Reply-To: sam\.reply@example\.com\r?$/m);
    // What the customer typed is a field, as text: their web address is not made a link in the business's mail.
    expect(message!.html).toContain('<strong>Message:</strong> Is parking free outside? See https://parking.example/spaces');
    expect(message!.html).not.toContain('<a href="https://parking.example');
    const enquiry = smtp.messages.find((m) => m.subject === 'New enquiry from the website');
    expect(enquiry!.raw).toMatch(/^Reply-To: cora\.contact@example\.com\r?$/m);
  });

  it("a receipt repeats the address and details typed only to an account's own proven address", async () => {
    const ria = new Client(server.url);
    expect((await ria.register('ria.receipt@example.com', 'a-customer-passphrase', 'Ria', 'Receipt')).status).toBe(201);
    await server.mailer.drain();
    const token = /verify=([\w-]+)/.exec(smtp.messages.find((m) => m.to.includes('ria.receipt@example.com'))!.text ?? '')![1]!;
    smtp.messages.length = 0;
    const typed = { firstName: 'Ria', lastName: 'Receipt', address: '9 Mill Lane, Staines TW18 4AB', description: 'Outside socket by the back door' };
    const receipt = async (day: number): Promise<string> => {
      expect((await ria.post('/api/bookings', bookingForm('ria.receipt@example.com', { ...typed, startDate: daysAhead(day), finishDate: daysAhead(day) }))).status).toBe(201);
      await server.mailer.drain();
      const text = smtp.messages.find((m) => m.to.includes('ria.receipt@example.com'))!.text ?? '';
      smtp.messages.length = 0;
      return text;
    };

    // Not proven yet: anyone could have typed this address.
    const before = await receipt(40);
    // With the hours it is stored with (the usual day's, none having been asked for), as every later mail gives them.
    expect(before).toMatch(new RegExp(`^Dates: ${dayWords(daysAhead(40))}, \\d\\d:\\d\\d–\\d\\d:\\d\\d$`, 'm'));
    expect(before).not.toContain('9 Mill Lane');
    expect(before).not.toContain('Outside socket');

    expect((await new Client(server.url).post('/api/auth/verify-email', { token })).status).toBe(200);
    await server.mailer.drain();
    smtp.messages.length = 0;
    const after = await receipt(42);
    expect(after).toContain('Address: 9 Mill Lane, Staines TW18 4AB');
    expect(after).toContain('Details: Outside socket by the back door');
  });

  it("a portal booking's mails name the service and the days as people read them, not as stored", async () => {
    const customer = new Client(server.url);
    expect((await customer.register('bea.mail@example.com', 'a-customer-passphrase', 'Bea', 'Mail')).status).toBe(201);
    await server.mailer.drain();
    smtp.messages.length = 0;
    const start = daysAhead(30);
    const finish = daysAhead(31);
    const res = await customer.post('/api/bookings', bookingForm('bea.mail@example.com', { firstName: 'Bea', lastName: 'Mail', serviceType: 'rewiring', startDate: start, finishDate: finish, startTime: '08:30', finishTime: '16:00' }));
    expect(res.status).toBe(201);
    await server.mailer.drain();

    const received = smtp.messages.find((m) => m.to.includes('bea.mail@example.com'))!;
    const notice = smtp.messages.find((m) => m.to.includes(BUSINESS))!;
    const days = `${dayWords(start)} to ${dayWords(finish)}, 08:30–16:00`;
    expect(received.text).toContain('Thank you for your booking request for Rewiring.');
    expect(received.text).toContain(`Dates: ${days}`);
    expect(notice.subject).toBe('New booking request: Rewiring — Bea Mail');
    expect(notice.text).toContain('Service: Rewiring');
    expect(notice.text).toContain(`Dates: ${days}`);
    expect(notice.text).not.toContain('Preferred date:');
    // The booking by the reference its customer's card shows, and where to confirm it.
    expect(notice.text).toContain(`Reference: ${bookingReference(res.data.booking.id as string)}`);
    // The link opens the job itself; the words name it by its reference only.
    const id = res.data.booking.id as string;
    expect(notice.text).toContain(`Confirm it in the Admin Portal: ${server.url}/admin?tab=bookings&job=${id}`);
    expect(notice.text!.replace(`job=${id}`, '')).not.toContain(id);
    expect(`${received.text}${notice.text}`).not.toContain(start);
  });

  it("names the bank holidays among a request's days in the business's mail, substitute days as such, for another day to be suggested", async () => {
    const customer = new Client(server.url);
    expect((await customer.register('hal.holiday@example.com', 'a-customer-passphrase', 'Hal', 'Holiday')).status).toBe(201);
    await server.mailer.drain();
    smtp.messages.length = 0;
    // Next year's Christmas, within the two years a customer may book ahead, whichever weekdays it falls on.
    const year = Number(daysAhead(0).slice(0, 4)) + 1;
    const [start, finish] = [`${year}-12-24`, `${year}-12-29`];
    const named = (day: { name: string; substitute: boolean; day: string }) => `${day.name} (${day.substitute ? 'substitute day, ' : ''}${dayWords(day.day)})`;
    const booked = await customer.post('/api/bookings', bookingForm('hal.holiday@example.com', { firstName: 'Hal', lastName: 'Holiday', startDate: start, finishDate: finish }));
    expect(booked.status).toBe(201);
    // The first bank holiday of that year: New Year's Day, or the Monday after it.
    const newYear = bankHolidaysOf(year)[0]!;
    expect((await customer.post('/api/bookings', quoteForm({ email: null, firstName: 'Nia', preferredDate: newYear.day }))).status).toBe(201);
    await server.mailer.drain();
    const christmas = bankHolidaysBetween(start, finish);
    expect(christmas.length).toBeGreaterThanOrEqual(2);
    const notices = smtp.messages.filter((m) => m.to.includes(BUSINESS));
    expect(notices.map((m) => m.subject)).toEqual(['New booking request: Electrical Installation — Hal Holiday', 'New quote request: Electrical Installation — Nia Doe']);
    expect(notices[0]!.text).toContain(`Bank holidays: ${christmas.slice(0, -1).map(named).join(', ')} and ${named(christmas.at(-1)!)}: we are closed`);
    expect(notices[1]!.text).toContain(`Bank holiday: ${named(newYear)}: we are closed`);
    // A day that is none: no such line.
    smtp.messages.length = 0;
    const ordinary = bankHolidaysBetween(daysAhead(40), daysAhead(40)).length === 0 ? daysAhead(40) : daysAhead(41);
    expect((await customer.post('/api/bookings', quoteForm({ email: null, preferredDate: ordinary }))).status).toBe(201);
    // Moved by the customer onto the holiday: the mail saying so names it too.
    const id = booked.data.booking.id as string;
    expect((await customer.post(`/api/bookings/${id}/dates`, { startDate: newYear.day, finishDate: newYear.day, startTime: '09:00', finishTime: '17:00' })).status).toBe(200);
    await server.mailer.drain();
    const [quote, moved] = [smtp.messages.find((m) => m.subject.startsWith('New quote request'))!, smtp.messages.find((m) => m.subject.startsWith('Booking request moved'))!];
    expect(quote.text).not.toContain('Bank holiday');
    expect(moved.text).toContain(`Bank holiday: ${named(newYear)}: we are closed`);
  });

  it('escapes what a person typed in the HTML part', async () => {
    const res = await new Client(server.url).post('/api/bookings', quoteForm({ firstName: '<script>alert(1)</script>', description: 'a & b "quoted"' }));
    expect(res.status).toBe(201);
    await server.mailer.drain();

    expect(smtp.messages).toHaveLength(2);
    for (const mail of smtp.messages) {
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script');
      expect(mail.text).toContain('<script>alert(1)</script>');
    }
    expect(smtp.messages.find((m) => m.to.includes(BUSINESS))!.html).toContain('a &amp; b &quot;quoted&quot;');
  });

  it('sends mail queued by an older version with the text and HTML rendered then', async () => {
    const now = new Date().toISOString();
    server.storage.db
      .prepare(`INSERT INTO mail_outbox (kind, to_addr, subject, text, html, created, next_attempt_at) VALUES ('new-request', 'old.row@example.com', 'Queued before bodies', ?, ?, ?, ?)`)
      .run('Rendered before the upgrade', '<p>Rendered before the upgrade</p>', now, now);
    await server.mailer.drain();

    const sent = smtp.messages.find((m) => m.subject === 'Queued before bodies');
    expect(sent!.text).toContain('Rendered before the upgrade');
    expect(sent!.html).toContain('<p>Rendered before the upgrade</p>');
  });

  it('a quote without an email sends only the business notice', async () => {
    const res = await new Client(server.url).post('/api/bookings', quoteForm({ email: '' }));
    expect(res.status).toBe(201);
    await server.mailer.drain();

    expect(smtp.messages.map((m) => m.to)).toEqual([[BUSINESS]]);
    expect(smtp.messages[0]!.text).toContain('Email: —');
  });

  it('sends a backlog of 100 in one round, and a reset link asked for behind it goes out in the first batch', async () => {
    const person = new Client(server.url);
    expect((await person.register('urgent.una@example.com', 'una-long-passphrase')).status).toBe(201);
    await server.mailer.drain();
    smtp.messages.length = 0;
    const now = new Date();
    server.storage.db.transaction(() => {
      for (let i = 0; i < 100; i++) server.storage.mail.enqueue({ kind: 'new-request', to: `backlog${i}@example.com`, subject: `Backlog ${i}`, body: { greeting: 'x', lines: [] } }, now);
    })();

    expect((await person.post('/api/auth/forgot-password', { email: 'urgent.una@example.com' })).status).toBe(200);
    await server.mailer.drain();

    expect(smtp.messages).toHaveLength(101);
    const reset = smtp.messages.findIndex((m) => m.subject.startsWith('Reset your password'));
    // Read 20 at a time, urgent first: the reset link is in the first 20 to arrive, not the 101st.
    expect(reset).toBeGreaterThanOrEqual(0);
    expect(reset).toBeLessThan(20);
    expect(server.storage.mail.pending()).toBe(0);
  });

  it("sends each address's mail in the order it was queued", async () => {
    smtp.messages.length = 0;
    const now = new Date();
    server.storage.db.transaction(() => {
      for (let i = 0; i < 30; i++) server.storage.mail.enqueue({ kind: 'new-request', to: `inbox${i % 3}@example.com`, subject: `Number ${i}`, body: { greeting: 'x', lines: [] } }, now);
    })();

    await server.mailer.drain();

    for (const inbox of [0, 1, 2]) {
      const numbers = smtp.messages.filter((m) => m.to.includes(`inbox${inbox}@example.com`)).map((m) => Number(m.subject.split(' ')[1]));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(numbers).toHaveLength(10);
    }
  });
});

describe('mail while the SMTP server is down', () => {
  let port: number;
  let server: TestServer;
  let smtp: SmtpSink | undefined;

  beforeAll(async () => {
    port = await closedPort();
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, BUSINESS_EMAIL: BUSINESS } });
  });
  afterAll(async () => {
    await server.close();
    await smtp?.close();
  });

  it('still answers 201 and stores the request; the mail waits with a later attempt, and goes once SMTP is back', async () => {
    const res = await new Client(server.url).post('/api/bookings', quoteForm({ email: 'offline.jane@example.com' }));
    expect(res.status).toBe(201);
    expect(server.storage.queries.quote(res.data.quote.id)).toMatchObject({ email: 'offline.jane@example.com' });
    await server.mailer.drain();

    const waiting = outboxRows(server);
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(Date.parse(row.next_attempt_at) - Date.parse(row.created)).toBeGreaterThanOrEqual(60_000);
    }
    // Not due yet: another round sends nothing and counts no attempt.
    await server.mailer.drain();
    expect(outboxRows(server).map((r) => r.attempts)).toEqual([1, 1]);

    smtp = await startSmtp({ port });
    server.storage.db.prepare('UPDATE mail_outbox SET next_attempt_at = created').run();
    await server.mailer.drain();

    expect(smtp.messages.map((m) => m.to).sort()).toEqual([['offline.jane@example.com'], [BUSINESS]].sort());
    for (const row of outboxRows(server)) {
      expect(row.sent_at).not.toBeNull();
      // Sent mail keeps no personal data.
      expect(row).toMatchObject({ to_addr: '', subject: '', body: null, text: '', html: '' });
    }
  });
});

describe('mail without SMTP_URL (the development outbox)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ env: { BUSINESS_EMAIL: BUSINESS } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('writes each message to <STORAGE_DIR>/mail-outbox as .eml and .json', async () => {
    const res = await new Client(server.url).post('/api/bookings', quoteForm({ email: 'local.jane@example.com' }));
    expect(res.status).toBe(201);
    await server.mailer.drain();

    const dir = join(server.storageDir, 'mail-outbox');
    const names = readdirSync(dir).sort();
    expect(names.filter((n) => n.endsWith('.eml'))).toHaveLength(2);
    expect(names.filter((n) => n.endsWith('.json'))).toHaveLength(2);

    const json = names.filter((n) => n.endsWith('.json')).map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as Record<string, unknown>);
    expect(json.map((m) => m['to']).sort()).toEqual(['local.jane@example.com', BUSINESS]);
    for (const m of json) {
      expect(m).toMatchObject({ subject: expect.any(String), text: expect.any(String), sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    }
    const eml = parseMail(readFileSync(join(dir, names.find((n) => n.endsWith('.eml'))!), 'utf8'));
    expect(eml.text).toBeTruthy();
    expect(eml.html).toMatch(/^<!doctype html>/);
    expect(outboxRows(server).every((r) => r.sent_at !== null)).toBe(true);
  });
});

describe('mail while the database refuses writes (another process holds the lock)', () => {
  let smtp: SmtpSink;
  let server: TestServer;
  let other: Database.Database;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: smtp.url, BUSINESS_EMAIL: BUSINESS } });
    other = new Database(join(server.storageDir, 'app.db'));
  });
  afterAll(async () => {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    await server.close();
    await smtp.close();
  });

  it('records a mail sent meanwhile once the lock is gone, and never sends it twice', async () => {
    smtp.messages.length = 0;
    server.storage.mail.enqueue({ kind: 'new-request', to: 'locked.out@example.com', subject: 'Sent under a lock', body: { greeting: 'x', lines: [] } }, new Date());
    other.exec('BEGIN IMMEDIATE');

    // The mail goes out; marking it sent fails (SQLITE_BUSY). Nothing throws, nothing is unhandled.
    await server.mailer.drain();
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Sent under a lock']);
    expect(server.mailer.unrecorded).toBe(1);
    // Another round while the lock is still held neither records nor re-sends it.
    await server.mailer.drain();
    expect(smtp.messages).toHaveLength(1);

    other.exec('COMMIT');
    await server.mailer.drain();

    expect(server.mailer.unrecorded).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    expect(outboxRows(server).find((r) => r.subject === '' && r.sent_at !== null)).toBeDefined();
    expect(server.storage.mail.pending()).toBe(0);
  });

  it('keeps a failed attempt it could not record, and records it (with its back-off) once the lock is gone', async () => {
    const down = await closedPort();
    const stranded = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${down}` } });
    const blocker = new Database(join(stranded.storageDir, 'app.db'));
    try {
      stranded.storage.mail.enqueue({ kind: 'new-request', to: 'nobody.home@example.com', subject: 'SMTP is down', body: { greeting: 'x', lines: [] } }, new Date());
      blocker.exec('BEGIN IMMEDIATE');

      await stranded.mailer.drain();
      expect(stranded.mailer.unrecorded).toBe(1);

      blocker.exec('COMMIT');
      await stranded.mailer.drain();

      expect(stranded.mailer.unrecorded).toBe(0);
      const [row] = outboxRows(stranded);
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(Date.parse(row!.next_attempt_at) - Date.parse(row!.created)).toBeGreaterThanOrEqual(60_000);
    } finally {
      blocker.close();
      await stranded.close();
    }
  });
});

describe('recording what happened to each mail', () => {
  type Setup = { storage: ReturnType<typeof openStorage>; sender: MailSender; smtp: SmtpSink; dir: string };
  let open: Setup[] = [];
  /** A sender on its own database, to a mail server that answers each mail as `answer` decides. */
  const setUp = async (answer: (mail: ReceivedMail) => Promise<void>): Promise<Setup> => {
    const smtp = await startSmtp({ answer });
    const dir = mkdtempSync(join(tmpdir(), 'spark-mail-outcomes-'));
    const storage = openStorage(join(dir, 'app.db'));
    const sender = new MailSender(storage.mail, { smtpUrl: smtp.url, from: 'shop@example.com', devOutboxDir: join(dir, 'mail-outbox') }, createLogger('silent'), () => new Date());
    const setup = { storage, sender, smtp, dir };
    open.push(setup);
    return setup;
  };
  afterEach(async () => {
    for (const { storage, sender, smtp, dir } of open) {
      await sender.stop();
      storage.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
    open = [];
  });
  const queue = (storage: Setup['storage'], subjects: string[]): void => {
    const now = new Date();
    subjects.forEach((subject, i) => storage.mail.enqueue({ kind: 'new-request', to: `person${i}@example.com`, subject, body: { greeting: 'x', lines: [] } }, now));
  };

  it("keeps no address of a mail server's refusal, in the outbox's row or in the log", async () => {
    const lines: string[] = [];
    const smtp = await startSmtp({ answer: async (mail) => new Error(`5.1.1 <${mail.to[0]}>: Recipient address rejected`) });
    const dir = mkdtempSync(join(tmpdir(), 'spark-mail-refused-'));
    const storage = openStorage(join(dir, 'app.db'));
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const sender = new MailSender(storage.mail, { smtpUrl: smtp.url, from: 'shop@example.com', devOutboxDir: join(dir, 'mail-outbox') }, logger, () => new Date());
    open.push({ storage, sender, smtp, dir });
    queue(storage, ['Refused']);

    await sender.drain();

    const row = storage.db.prepare('SELECT to_addr, last_error FROM mail_outbox').get() as { to_addr: string; last_error: string };
    expect(row.to_addr).toBe('person0@example.com');
    expect(row.last_error).toContain('<[address]>: Recipient address rejected');
    const logged = lines.join('');
    expect(logged).toContain('mail will be retried');
    expect(logged).not.toContain('person0@example.com');
  });

  it('never sends a mail after its send-by time (a link expired, "tomorrow" come): it is given up as out of date, at once', async () => {
    const { storage, sender, smtp } = await setUp(async () => undefined);
    const now = Date.now();
    const mail = (subject: string, sendBy: number) => ({ kind: 'password-reset', to: `${subject.toLowerCase()}@example.com`, subject, body: { greeting: 'x', lines: [] }, sendBy: new Date(sendBy).toISOString() });
    storage.mail.enqueue(mail('Late', now - 1000), new Date(now - 2 * 60 * 60 * 1000));
    storage.mail.enqueue(mail('Timely', now + 60 * 60 * 1000), new Date(now));

    await sender.drain();

    expect(smtp.messages.map((m) => m.subject)).toEqual(['Timely']);
    const late = storage.db.prepare("SELECT attempts, failed_at, last_error, to_addr FROM mail_outbox WHERE kind = 'password-reset' ORDER BY id LIMIT 1").get();
    expect(late).toMatchObject({ attempts: 1, failed_at: expect.any(String), last_error: expect.stringMatching(/^out of date/), to_addr: '' });
    expect(storage.mail.pending()).toBe(0);
  });

  it('writes the outcomes of mails that finish together in one commit, not one commit (one fsync) per mail', async () => {
    // The mail server answers every 30 ms whatever has arrived meanwhile: the sender's four connections finish
    // their mails at about the same moment, as they do when a real server is busy.
    const held: Array<() => void> = [];
    const release = setInterval(() => held.splice(0).forEach((answer) => answer()), 30);
    try {
      const { storage, sender, smtp, dir } = await setUp(() => new Promise<void>((resolve) => held.push(resolve)));
      storage.db.pragma('wal_autocheckpoint = 0');
      const mails = 24;
      queue(storage, Array.from({ length: mails }, (_, i) => `Mail ${i}`));
      const pageSize = storage.db.pragma('page_size', { simple: true }) as number;
      const commits = (): number => walFrames(join(dir, 'app.db'), pageSize).filter((f) => f.endsCommit).length;
      const before = commits();

      await sender.drain();

      expect(smtp.messages).toHaveLength(mails);
      expect(storage.mail.pending()).toBe(0);
      expect(sender.unrecorded).toBe(0);
      // Four at a time: six commits when every group lands together; one per mail (24) before outcomes were grouped.
      expect(commits() - before).toBeLessThanOrEqual(mails / 2);
    } finally {
      clearInterval(release);
    }
  });

  it('writes down a mail that went out within moments, while the rest of its batch is still on its way', async () => {
    // Written down late, a mail that went out would be sent again if the server stopped meanwhile.
    let releaseSlow = (): void => {};
    let slowArrived = (): void => {};
    const slowHeld = new Promise<void>((resolve) => (slowArrived = resolve));
    const { storage, sender } = await setUp((mail) =>
      mail.subject === 'Slow'
        ? new Promise<void>((resolve) => {
            releaseSlow = resolve;
            slowArrived();
          })
        : Promise.resolve(),
    );
    queue(storage, ['Quick', 'Slow']);
    const ids = new Map((storage.db.prepare('SELECT subject, id FROM mail_outbox').all() as Array<{ subject: string; id: number }>).map((r) => [r.subject, r.id]));
    const sentAt = (subject: string): string | null =>
      (storage.db.prepare('SELECT sent_at FROM mail_outbox WHERE id = ?').get(ids.get(subject)) as { sent_at: string | null }).sent_at;

    const round = sender.drain();
    await slowHeld;
    for (let i = 0; i < 100 && sentAt('Quick') === null; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sentAt('Quick')).not.toBeNull();
    expect(sentAt('Slow')).toBeNull();

    releaseSlow();
    await round;
    expect(sentAt('Slow')).not.toBeNull();
  });
});

describe("a mail's files", () => {
  /** Sends one mail through a sender whose attacher is `attach`, to a real SMTP sink; answers what the sink received. */
  async function sendOne(attach: ConstructorParameters<typeof MailSender>[4]): Promise<ReceivedMail[]> {
    const smtp = await startSmtp();
    const dir = mkdtempSync(join(tmpdir(), 'spark-mail-files-'));
    const storage = openStorage(join(dir, 'app.db'));
    const sender = new MailSender(storage.mail, { smtpUrl: smtp.url, from: 'shop@example.com', devOutboxDir: join(dir, 'mail-outbox') }, createLogger('silent'), () => new Date(), attach);
    try {
      storage.mail.enqueue({ kind: 'booking-confirmed', to: 'cara@example.com', subject: 'Booked', body: { greeting: 'Hello', lines: ['Booked.'], calendar: { bookingId: 'b1' } } }, new Date());
      await sender.drain();
      expect(storage.mail.pending()).toBe(0);
      return smtp.messages;
    } finally {
      await sender.stop();
      storage.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('carries the files its attacher makes for it, as it is sent', async () => {
    const [mail] = await sendOne((queued) => [{ filename: `booking-${queued.body?.calendar?.bookingId}.ics`, content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]);

    expect(mail!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH;\s+name=booking-b1\.ics/);
    expect(mail!.raw).toContain('Content-Disposition: attachment; filename=booking-b1.ics');
  });

  it('goes without a file that cannot be made, rather than not at all', async () => {
    const messages = await sendOne(() => {
      throw new Error('the booking could not be read');
    });

    expect(messages).toHaveLength(1);
    expect(messages[0]!.raw).not.toContain('text/calendar');
  });
});
