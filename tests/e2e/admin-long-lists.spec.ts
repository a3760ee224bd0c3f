import type { Page } from '@playwright/test';
import { Client } from '../support/server.ts';
import { adminClient, customer, jobCard, ownServer, pullNow, signIn, ukDay } from './admin-seed.ts';
import { expect, scrollStopped, test } from './fixtures.ts';

// A server of its own: the lists hold this file's 70 jobs and 40 contacts only.
const own = ownServer();
test.describe.configure({ timeout: 90_000 });

/** 'Long 01' … 'Long 70': two digits, so none is a part of another ('Long 1' is in 'Long 10'). */
const name = (n: number) => `Long ${String(n).padStart(2, '0')}`;

test.beforeAll(async () => {
  const office = await adminClient(own.server);
  // Seventy jobs, each with a chat: the latest message is the seventieth job's, so the chat list reads 70 down to 01.
  for (let n = 1; n <= 70; n++) {
    const day = ukDay(200 + n);
    const job = { firstName: 'Long', lastName: String(n).padStart(2, '0'), email: `long${n}@example.com`, serviceType: 'rewiring', startDate: day, finishDate: day, startTime: '09:00', finishTime: '12:00', status: 'confirmed', isManualBooking: true, allowOverlap: true };
    const answer = await office.post('/api/bookings', job);
    expect(answer.status).toBe(201);
    const id = (answer.data.booking as { id: string }).id;
    expect((await office.post(`/api/bookings/${id}/messages`, { content: `About job ${n}.` })).status).toBe(201);
  }
  // Forty people who wrote through the contact form, newest first in the list: 'Form 40' down to 'Form 01'.
  const visitor = new Client(own.server.url);
  for (let n = 1; n <= 40; n++) {
    const answer = await visitor.post('/api/contacts', { firstName: 'Form', lastName: String(n).padStart(2, '0'), email: `form${n}@example.com`, details: `Question ${n}.` });
    expect(answer.status).toBe(201);
  }
});

/** The list's rows as drawn: the chat list's job buttons, or the cards of Contacts or Bookings. */
const rows = (page: Page, selector: string) => page.locator(selector);

test('the chat list shows 30 jobs at a time: Show more reaches the 61st and the 70th, the focus on the first job it added', async ({ page }) => {
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: /^Chat/ }).click();
  const threads = rows(page, '.admin-thread');
  await expect(threads).toHaveCount(30);
  await expect(threads.first()).toContainText(name(70));

  await page.getByRole('button', { name: 'Show 30 more (40 left)' }).click();
  await expect(threads).toHaveCount(60);
  await expect(page.getByRole('button', { name: new RegExp(`^${name(40)}`) })).toBeFocused();

  await page.getByRole('button', { name: 'Show the last 10' }).click();
  await expect(threads).toHaveCount(70);
  // The 61st job in the list, the first the last page added, has the focus; no Show more is left.
  await expect(page.getByRole('button', { name: new RegExp(`^${name(10)}`) })).toBeFocused();
  await expect(page.locator('.admin-more')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Chat with ${name(10)}` })).toBeFocused();
});

test('Contacts shows 30 people at a time, the search still finds one beyond them, and Show more puts the focus on the first one added', async ({ page }) => {
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  const cards = rows(page, '.admin-contact');
  // Forty from the form and seventy from the jobs (each job's email made one).
  await expect(page.getByRole('button', { name: 'Show 30 more (80 left)' })).toBeVisible();
  await expect(cards).toHaveCount(30);
  // The form's first, the oldest of its forty, is beyond them.
  await expect(cards.getByRole('heading', { name: 'Form 01', exact: true })).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Find a contact' });
  await search.fill('form1@example.com');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: 'Form 01', exact: true })).toBeVisible();
  await search.fill('');
  await expect(cards).toHaveCount(30);

  await page.getByRole('button', { name: 'Show 30 more (80 left)' }).click();
  await expect(cards).toHaveCount(60);
  await expect(cards.nth(30).getByRole('heading')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Show 30 more (50 left)' })).toBeVisible();

  // A page opened straight from its link, of a person far down the list: Back puts the focus on their card's Open.
  const far = own.server.storage.queries.contacts().find((contact) => contact.email === 'long1@example.com')!;
  await page.goto(`${own.server.url}/admin?tab=contacts&person=${far.id}`);
  await expect(page.getByRole('heading', { level: 2, name: name(1) })).toBeFocused();
  await page.getByRole('button', { name: 'Back to Contacts' }).click();
  await expect(page.getByRole('button', { name: `Open ${name(1)}’s page` })).toBeFocused();
});

test('the job list’s Show more puts the focus on the first job it added, and on the last page’s first job as the button goes', async ({ page }) => {
  await signIn(page, own.server.url);
  const cards = rows(page, '.admin-job');
  await expect(cards).toHaveCount(30);
  await page.getByRole('button', { name: 'Show 30 more (40 left)' }).click();
  await expect(cards.nth(30).getByRole('heading', { level: 3 }).first()).toBeFocused();
  await page.getByRole('button', { name: 'Show the last 10' }).click();
  await expect(cards).toHaveCount(70);
  await expect(cards.nth(60).getByRole('heading', { level: 3 }).first()).toBeFocused();
});

test('a new search or filter starts the job list again at 30, however many Show more had drawn', async ({ page }) => {
  await signIn(page, own.server.url);
  const cards = rows(page, '.admin-job');
  await page.getByRole('button', { name: 'Show 30 more (40 left)' }).click();
  await expect(cards).toHaveCount(60);
  // All seventy jobs match 'Long': the first thirty of them, and the button for the rest.
  await page.getByRole('searchbox', { name: 'Find a job' }).fill('Long');
  await expect(page.getByRole('button', { name: 'Show 30 more (40 left)' })).toBeVisible();
  await expect(cards).toHaveCount(30);
  await page.getByRole('button', { name: 'Show 30 more (40 left)' }).click();
  await expect(cards).toHaveCount(60);
  await page.getByRole('searchbox', { name: 'Find a job' }).fill('');
  await expect(cards).toHaveCount(30);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a jump to the end of a long list shows Show more where it stays, once the cards on the screen are drawn', async ({ page }) => {
    await signIn(page, own.server.url);
    const lists = [
      { view: 'the jobs', card: '.admin-job', more: 'Show 30 more (40 left)' },
      { view: 'the compact jobs', card: '.admin-job', more: 'Show 30 more (40 left)' },
      { view: 'the contacts', card: '.admin-contact', more: 'Show 30 more (80 left)' },
    ];
    for (const { view, card, more } of lists) {
      if (view === 'the compact jobs') await page.getByRole('button', { name: 'Compact list' }).click();
      if (view === 'the contacts') {
        await page.getByRole('tab', { name: 'Contacts' }).click();
      }
      const button = page.getByRole('button', { name: more });
      await expect(button).toBeAttached();
      await scrollStopped(page);
      // From the top to the end at once, as End or a drag of the scroll bar goes.
      const at = await button.evaluate((node) => {
        window.scrollTo({ top: 0, behavior: 'instant' });
        node.scrollIntoView({ block: 'end', behavior: 'instant' });
        return node.getBoundingClientRect().top;
      });
      // The cards on the screen are drawn a frame or two later (content-visibility): once none is left undrawn, the
      // button is where it was. It was pushed 300 to 450 px, off the screen or up the list.
      await page.waitForFunction((selector) => {
        const shown = [...document.querySelectorAll(selector)].filter((node) => {
          const box = node.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        });
        return shown.length > 0 && shown.every((node) => node.checkVisibility({ contentVisibilityAuto: true }));
      }, card);
      expect(Math.round(await button.evaluate((node) => node.getBoundingClientRect().top)), view).toBe(Math.round(at));
    }
  });
});

test('back from a chat opened from its link, far down the chat list, the focus is on that chat’s row, drawn for it', async ({ page }) => {
  await signIn(page, own.server.url);
  // The oldest chat, the 70th row: beyond the thirty a fresh list draws.
  const far = own.server.storage.queries.bookings().find((job) => job.email === 'long1@example.com')!;
  await page.goto(`${own.server.url}/admin?tab=chat&booking=${far.id}`);
  await expect(page.getByRole('heading', { name: `Chat with ${name(1)}` })).toBeFocused();
  await page.getByRole('button', { name: 'Back to all chats' }).click();
  const row = page.getByRole('button', { name: new RegExp(`^${name(1)}`) });
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport({ ratio: 1 });
});

// Last in the file: it gives the first job's customer an account (the contacts above count without it).
test('a toast’s Open chat for a job at the end of the job list: Back to Bookings puts the focus on that job’s Chat button, its card drawn for it', async ({ page }) => {
  const them = await customer(own.server, 'long1@example.com', 'Long', '01');
  const far = own.server.storage.queries.bookings().find((job) => job.email === 'long1@example.com')!;
  await signIn(page, own.server.url);
  await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
  await expect(rows(page, '.admin-job')).toHaveCount(30);
  expect((await them.post(`/api/bookings/${far.id}/messages`, { content: 'Is the date still fine?' })).status).toBe(201);
  await pullNow(page);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `New message from ${name(1)}` });
  await toast.getByRole('button', { name: `Open chat with ${name(1)}` }).click({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: `Chat with ${name(1)}` })).toBeFocused();
  await page.getByRole('button', { name: 'Back to Bookings' }).click();
  const chat = jobCard(page, name(1)).getByRole('button', { name: /^Chat/ });
  await expect(chat).toBeFocused();
  await expect(chat).toBeInViewport({ ratio: 1 });
});
