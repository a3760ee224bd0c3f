import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { Field } from '../ui/Field.tsx';
import { Hero } from '../ui/Hero.tsx';
import { RawResults } from './RawResults.tsx';
import { rawCall } from './dev-tools.ts';
import type { RawResult } from './dev-tools.ts';

type Delivery = { emailSent: boolean; recipientEmail: string; timestamp: string; resetLink: string };

/**
 * E-mail delivery test (seed point 2, development only): asks for a password reset for an address and shows
 * whether the mail went out, to whom, when, and the reset link (the server gives it only in development,
 * from the local outbox), plus the newest mails of that outbox.
 */
export function EmailTest() {
  const [email, setEmail] = useState('');
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [results, setResults] = useState<RawResult[]>([]);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const asked = await rawCall('POST /api/auth/forgot-password', 'POST', '/api/auth/forgot-password', { email });
    const outbox = await rawCall('GET /api/dev/outbox', 'GET', '/api/dev/outbox');
    setBusy(false);
    setResults((previous) => [asked, outbox, ...previous]);
    if (asked.status === 0) {
      void toast.error('Test failed', 'Network error');
      return;
    }
    const answer = parse(asked.body) as { resetLink?: string; debugInfo?: Omit<Delivery, 'resetLink'> } | null;
    if (asked.status !== 200 || !answer?.debugInfo?.emailSent) {
      setDelivery(null);
      void toast.error('Email failed', 'Check server logs for details');
      return;
    }
    setDelivery({ ...answer.debugInfo, resetLink: answer.resetLink ?? '' });
    void toast.success('Email sent', `To ${answer.debugInfo.recipientEmail}`);
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
            <Field form="email-test" name="email" label="Account e-mail address" error={undefined} required>
              {(props) => <input {...props} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
            </Field>
            <div className="dev-actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                Send test e-mail
              </button>
            </div>
          </form>
          {delivery ? (
            <dl className="card dev-delivery">
              <dt>Status</dt>
              <dd>Sent</dd>
              <dt>Recipient</dt>
              <dd>{delivery.recipientEmail}</dd>
              <dt>Time</dt>
              <dd>{delivery.timestamp}</dd>
              <dt>Reset link</dt>
              <dd>
                <a href={delivery.resetLink}>{delivery.resetLink}</a>
              </dd>
            </dl>
          ) : null}
          <h2>If nothing arrives</h2>
          <ul>
            <li>Only an existing account gets a mail: register one first, or use the admin's address.</li>
            <li>Without SMTP_URL, mail goes to STORAGE_DIR/mail-outbox/ (listed below as GET /api/dev/outbox).</li>
            <li>With SMTP_URL, the server's log says "mail sent", "mail will be retried" or "mail given up" with the reason.</li>
          </ul>
          <RawResults results={results} />
        </div>
      </section>
    </>
  );
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
