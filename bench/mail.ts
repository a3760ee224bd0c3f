import { join } from 'node:path';
import { MailSender } from '#backend/mail/sender.ts';
import { createLogger } from '#backend/logger.ts';
import { openStorage } from '#data/storage.ts';
import { startSmtp } from '../tests/support/smtp.ts';
import { fmt, tempDir, type Mode, type Row } from './common.ts';

/**
 * Mail delivery to a real SMTP server on 127.0.0.1 (the test sink, in this process): a backlog queued at once,
 * delivered by the app's MailSender as the server runs it (pooled connections, a few addresses at a time, each
 * address's mail in order). Two mixes: every mail to its own address; and the real one, where every request
 * mails the customer and the business (so half the mail goes, in order, to one address). Then how long a reset
 * link queued behind such a backlog waits.
 */
export async function benchMail(mode: Mode, log: (line: string) => void): Promise<Row[]> {
  const count = mode.quick ? 400 : 4_000;
  const rows: Row[] = [];
  for (const mix of ['distinct', 'business'] as const) {
    const { perSecond, urgentMs } = await run(count, mix);
    log(`  ${mix}: ${fmt(count)} mails at ${fmt(perSecond)} mails/s; a reset link queued behind them arrived after ${fmt(urgentMs)} ms`);
    rows.push({
      section: '5 mail',
      name: mix === 'distinct' ? `${fmt(count)} mails, each to its own address` : `${fmt(count)} mails, half of them to the business`,
      value: Math.round(perSecond),
      unit: 'mails/s',
      detail: `to a local SMTP sink; a reset link queued behind the backlog arrived after ${fmt(urgentMs)} ms`,
    });
  }
  return rows;
}

async function run(count: number, mix: 'distinct' | 'business'): Promise<{ perSecond: number; urgentMs: number }> {
  const tmp = tempDir('spark-bench-mail-');
  const smtp = await startSmtp();
  const storage = openStorage(join(tmp.dir, 'app.db'));
  const sender = new MailSender(storage.mail, { smtpUrl: smtp.url, from: 'bench@example.com', devOutboxDir: join(tmp.dir, 'mail-outbox') }, createLogger('silent'), () => new Date());
  try {
    const now = new Date();
    storage.db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const to = mix === 'business' && i % 2 === 1 ? 'office@example.com' : `customer${i}@example.com`;
        storage.mail.enqueue({ kind: 'request-received', to, subject: `Request ${i}`, body: { greeting: 'Hello,', lines: ['We have your request. '.repeat(20)] } }, now);
      }
    })();
    const started = performance.now();
    const round = sender.wake();
    // Behind the whole backlog: a reset link, queued once the delivery is under way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    storage.mail.enqueue({ kind: 'password-reset', to: 'urgent@example.com', subject: 'Reset your password', body: { greeting: 'Hello,', lines: ['link'] }, urgent: true }, new Date());
    const queuedAt = performance.now();
    void sender.wake();
    let urgentMs = -1;
    while (smtp.messages.length < count + 1) {
      if (urgentMs < 0 && smtp.messages.some((m) => m.subject === 'Reset your password')) urgentMs = performance.now() - queuedAt;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (urgentMs < 0) urgentMs = performance.now() - queuedAt;
    await round;
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: (count + 1) / seconds, urgentMs: Math.round(urgentMs) };
  } finally {
    await sender.stop();
    storage.close();
    await smtp.close();
    tmp.remove();
  }
}
