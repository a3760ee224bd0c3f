import { useEffect, useState } from 'react';
import { inTime } from '../../lib/in-time.ts';
import { moment } from './format.ts';

type MailState = { givenUp: number; lastGivenUpAt: string | null };

/**
 * Mail that could not be sent in the last week (the server's /api/health tells the admin): every try refused, or the
 * mail server out of reach for a day. Only the log said so before: customers went without their confirmations, replies
 * and reset links, and nobody knew. Asked as the dashboard opens, and when the connection comes back; nothing is shown
 * while all is well, or when the server cannot say.
 */
export function MailTrouble() {
  const [mail, setMail] = useState<MailState | null>(null);
  useEffect(() => {
    let alive = true;
    const ask = async () => {
      try {
        const answer = await inTime(async (signal) => {
          const response = await fetch('/api/health', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' }, signal });
          return response.ok ? ((await response.json()) as { mail?: MailState }) : null;
        });
        if (alive && answer?.mail) setMail(answer.mail);
      } catch {
        // No answer: nothing is said (the sync line speaks of the connection).
      }
    };
    void ask();
    window.addEventListener('online', ask);
    return () => {
      alive = false;
      window.removeEventListener('online', ask);
    };
  }, []);
  if (!mail || mail.givenUp === 0) return null;
  const mails = mail.givenUp === 1 ? '1 email' : `${mail.givenUp} emails`;
  return (
    <p className="admin-top__offline" role="status">
      {mails} to customers or to you could not be sent in the last 7 days{mail.lastGivenUpAt ? ` (the latest ${moment(mail.lastGivenUpAt)})` : ''}: someone may be
      waiting for a confirmation, a reply or a link. If it keeps happening, check the mail settings (SMTP_URL); once, a customer&rsquo;s address may be wrong.
    </p>
  );
}
