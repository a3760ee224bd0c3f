import { ownServer, signIn } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';

// A server of its own: its mail outbox is read whole.
const own = ownServer();

test('mail given up in the last week is said on the dashboard, with what to do; nothing is said while mail goes', async ({ page }) => {
  await signIn(page, own.server.url);
  await expect(page.getByText('Up to date', { exact: false })).toBeVisible();
  await expect(page.getByText(/could not be sent in the last 7 days/)).toHaveCount(0);

  // The mail server refused a booking confirmation for a day: the outbox gave it up.
  const { mail } = own.server.storage;
  const now = new Date();
  mail.enqueue({ kind: 'booking-confirmed', to: 'kept.waiting@example.com', subject: 'Your booking is confirmed', body: { greeting: 'Hello', lines: ['A line'] } }, now);
  const [queued] = mail.due(now, 20).filter((one) => one.subject === 'Your booking is confirmed');
  mail.together(() => mail.failed(queued!.id, 7, 'connect ECONNREFUSED', now, true));
  await page.reload();

  await expect(page.getByRole('status').filter({ hasText: '1 email to customers or to you could not be sent in the last 7 days' })).toContainText(
    'someone may be waiting for a confirmation, a reply or a link. If it keeps happening, check the mail settings (SMTP_URL)',
  );
});
