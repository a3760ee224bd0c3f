import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { Field } from '../ui/Field.tsx';
import { Hero } from '../ui/Hero.tsx';
import { RawResults } from './RawResults.tsx';
import { rawCall } from './dev-tools.ts';
import type { RawResult } from './dev-tools.ts';

type Delivery = { recipient: string; sentAt: string; subject: string; link: string | null };
type OutboxMessage = { id: number; kind: string; to: string; subject: string; text: string; sentAt: string };

/**
 * Email delivery test (seed point 2, development only): asks for a password reset for an address, then looks
 * for the mail in the development outbox (GET /api/dev/outbox) and shows whether it went out, to whom, when,
 * and the reset link as the mail itself carries it — never a link from an API answer.
 */
export function EmailTest() {
  const [email, setEmail] = useState('');
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [results, setResults] = useState<RawResult[]>([]);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const earlier = new Set(outboxMessages(await rawCall('GET /api/dev/outbox', 'GET', '/api/dev/outbox')).map((m) => m.id));
    const asked = await rawCall('POST /api/auth/forgot-password', 'POST', '/api/auth/forgot-password', { email });
    const outbox = await rawCall('GET /api/dev/outbox', 'GET', '/api/dev/outbox');
    setBusy(false);
    setResults((previous) => [asked, outbox, ...previous]);
    if (asked.status === 0 || outbox.status === 0) {
      void toast.error('Test failed', 'Network error');
      return;
    }
    const mail = outboxMessages(outbox).find((m) => !earlier.has(m.id) && m.kind === 'password-reset' && m.to === email.trim().toLowerCase());
    if (asked.status !== 200 || !mail) {
      setDelivery(null);
      void toast.error('Email failed', 'Check server logs for details');
      return;
    }
    setDelivery({
      recipient: mail.to,
      sentAt: mail.sentAt,
      subject: mail.subject,
      link: /https?:\/\/\S*reset-password\?token=[\w-]+/.exec(mail.text)?.[0] ?? null,
    });
    void toast.success('Email sent', `To ${mail.to}`);
  };

  return (
    <>
      <Hero
        eyebrow="Developer tools"
        title="Email Delivery Test"
        lead="Sends a password-reset mail to an account's address and shows what the server did with it. Development mode only."
      />
      <section className="section">
        <div className="container dev-page">
          <form className="card dev-form" noValidate onSubmit={send}>
            <Field form="email-test" name="email" label="Account email address" error={undefined} required>
              {(props) => <input {...props} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
            </Field>
            <div className="dev-actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                Send test email
              </button>
            </div>
          </form>
          {delivery ? (
            <dl className="card dev-delivery">
              <dt>Status</dt>
              <dd>Sent</dd>
              <dt>Recipient</dt>
              <dd>{delivery.recipient}</dd>
              <dt>Time</dt>
              <dd>{delivery.sentAt}</dd>
              <dt>Subject</dt>
              <dd>{delivery.subject}</dd>
              <dt>Reset link</dt>
              <dd>{delivery.link ? <a href={delivery.link}>{delivery.link}</a> : 'none in the mail'}</dd>
            </dl>
          ) : null}
          <h2>If nothing arrives</h2>
          <ul>
            <li>Only an existing account gets a mail: register one first, or use the admin's address.</li>
            <li>
              This page reads the development outbox, STORAGE_DIR/mail-outbox/ (GET /api/dev/outbox below): with SMTP_URL set, mail goes out instead and is not
              shown here.
            </li>
            <li>With SMTP_URL, the server's log says "mail sent", "mail will be retried" or "mail given up" with the reason.</li>
          </ul>
          <RawResults results={results} />
        </div>
      </section>
    </>
  );
}

/** The messages of a GET /api/dev/outbox answer, newest first; none when it failed. */
function outboxMessages(result: RawResult): OutboxMessage[] {
  try {
    return (JSON.parse(result.body) as { messages?: OutboxMessage[] }).messages ?? [];
  } catch {
    return [];
  }
}
