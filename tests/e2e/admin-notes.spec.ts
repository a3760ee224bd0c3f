import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { TestServer } from '../support/server.ts';
import { adminClient, customer, customerBooking, jobCard, signIn } from './admin-seed.ts';
import { controlled, expect, hydrated, test } from './fixtures.ts';
import { expectAxeClean, expectToast } from './portal-helpers.ts';

// The real service worker: the portal keeps working with no network at all.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 90_000 });

const WORDS = 'Key under the mat, dog in the garden. Old Wylex board.';

test('the admin writes notes on a job with no signal: they wait on the tablet, go once when it is back, stay after a reload, and the customer never sees them', async ({ page, context, server, browser }) => {
  const nora = await customer(server, 'nora.notes@example.com', 'Nora', 'Notes');
  const booking = await customerBooking(nora, 'nora.notes@example.com', { firstName: 'Nora', lastName: 'Notes', description: 'Two new sockets in the hall' });
  await signIn(page);
  await controlled(page);
  const card = jobCard(page, 'Nora Notes');
  await expect(card).toBeVisible();

  // In the loft: no signal.
  await context.setOffline(true);
  await card.getByRole('button', { name: /^Add notes/ }).click();
  const notes = card.getByRole('textbox', { name: 'Notes' });
  await expect(notes).toBeFocused();
  await notes.fill(WORDS);
  await card.getByRole('button', { name: 'Save notes' }).click();

  await expectToast(page, 'Saved on this device');
  const block = card.getByRole('region', { name: /^Notes on / });
  await expect(block).toContainText(WORDS);
  await expect(block.getByText('Waiting to send')).toBeVisible();
  // Back on the button that opened the form, now Edit notes.
  await expect(card.getByRole('button', { name: /^Edit notes/ })).toBeFocused();
  expect(server.storage.queries.booking(booking.id)?.notes).toBeNull();

  // Signal again.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(block.getByText('Waiting to send')).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => server.storage.queries.booking(booking.id)?.notes, { timeout: 15_000 }).toBe(WORDS);
  expect(notesEvents(server, booking.id)).toEqual([WORDS]);
  await expect(page.getByRole('button', { name: /Waiting to send/ })).toBeHidden();

  // They are the server's now: a reload shows them, and Find a job finds the job by them.
  await page.reload();
  await hydrated(page);
  await expect(jobCard(page, 'Nora Notes').getByRole('region', { name: /^Notes on / })).toContainText(WORDS);
  await page.getByRole('searchbox', { name: /Find a job/ }).fill('wylex');
  await expect(jobCard(page, 'Nora Notes')).toBeVisible();
  await expect(page.locator('.admin-job')).toHaveCount(1);

  // The block and its form pass axe (WCAG 2.2 AA), the form open.
  await jobCard(page, 'Nora Notes').getByRole('button', { name: /^Edit notes/ }).click();
  await expect(jobCard(page, 'Nora Notes').getByRole('textbox', { name: 'Notes' })).toHaveValue(WORDS);
  await expectAxeClean(page);
  await jobCard(page, 'Nora Notes').getByRole('button', { name: 'Cancel' }).click();
  await expect(jobCard(page, 'Nora Notes').getByRole('button', { name: /^Edit notes/ })).toBeFocused();

  // The history says they changed, not what they say.
  await jobCard(page, 'Nora Notes').getByRole('button', { name: /^History/ }).click();
  await expect(jobCard(page, 'Nora Notes').locator('.admin-history')).toContainText('Notes changed');
  await expect(jobCard(page, 'Nora Notes').locator('.admin-history')).not.toContainText('Wylex');
  expect(notesEvents(server, booking.id)).toEqual([WORDS]);

  // The customer's own portal: her booking is there, the notes are not.
  const portal = await customerPortal(browser, server, 'nora.notes@example.com', 'nora-long-passphrase');
  await expect(portal.getByRole('listitem').filter({ hasText: 'Two new sockets in the hall' })).toBeVisible();
  await expect(portal.locator('body')).not.toContainText('Key under the mat');
  await expect(portal.locator('body')).not.toContainText('Wylex');
  await portal.context().close();
});

test('notes changed on another device while the tablet had no signal are not overwritten: the admin sees both and chooses', async ({ page, context, server }) => {
  const { booking, card, problem } = await notesInConflict(page, context, server, ['Ned', 'Notes'], 'Written in the van', 'Written at the office');
  await expect(problem.locator('.admin-version').first()).toContainText('Written in the van');
  await expect(problem.locator('.admin-version').last()).toContainText('Written at the office');
  // Nothing was overwritten while it waits for the admin (the card shows the server's notes once its copy has them).
  expect(server.storage.queries.booking(booking.id)?.notes).toBe('Written at the office');
  await expect(card.getByRole('region', { name: /^Notes on / })).toContainText('Written at the office', { timeout: 15_000 });

  // Sending again and the next pull go over the network: on a busy machine that takes more than the default 5 s.
  await problem.getByRole('button', { name: 'Keep my notes' }).click();
  await expect(problem).toBeHidden();
  await expect.poll(() => server.storage.queries.booking(booking.id)?.notes, { timeout: 15_000 }).toBe('Written in the van');
  await expect(card.getByRole('region', { name: /^Notes on / })).toContainText('Written in the van', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: /Waiting to send/ })).toBeHidden({ timeout: 15_000 });
  expect(notesEvents(server, booking.id)).toEqual(['Written at the office', 'Written in the van']);
});

test('two devices’ notes in a conflict can both be kept, the server’s first, in one change', async ({ page, context, server }) => {
  const { booking, card, problem } = await notesInConflict(page, context, server, ['Kim', 'Both'], 'RCD trips on the kitchen ring', 'Gate code 4321');
  await problem.getByRole('button', { name: 'Keep both notes, the server’s first' }).click();
  await expect(problem).toBeHidden();
  await expect.poll(() => server.storage.queries.booking(booking.id)?.notes, { timeout: 15_000 }).toBe('Gate code 4321\n\nRCD trips on the kitchen ring');
  await expect(card.getByRole('region', { name: /^Notes on / })).toContainText('RCD trips on the kitchen ring');
  await expect(card.getByRole('region', { name: /^Notes on / })).toContainText('Gate code 4321');
  expect(notesEvents(server, booking.id)).toEqual(['Gate code 4321', 'Gate code 4321\n\nRCD trips on the kitchen ring']);
});

test.describe('with signal', () => {
  // No service worker: the page's own requests can be held (page.route does not see a worker's).
  test.use({ serviceWorkers: 'block' });

  test('notes written elsewhere since the form opened are not overwritten online either: the save is refused, the form shows them, and saving again replaces them', async ({ page, server }) => {
    const olga = await customer(server, 'olga.notes@example.com', 'Olga', 'Notes');
    const booking = await customerBooking(olga, 'olga.notes@example.com', { firstName: 'Olga', lastName: 'Notes' });
    await signIn(page);
    const card = jobCard(page, 'Olga Notes');
    await expect(card).toBeVisible();
    // The tablet's copy hears nothing more from here, so only the server can tell it of the office's notes.
    await page.route('**/api/sync?**', () => undefined);

    await card.getByRole('button', { name: /^Add notes/ }).click();
    const office = await adminClient(server);
    expect((await office.request('PUT', `/api/bookings/${booking.id}/notes`, { json: { notes: 'Written at the office' } })).status).toBe(200);

    await card.getByRole('textbox', { name: 'Notes' }).fill('Written on the tablet');
    const refused = page.waitForResponse((response) => response.url().endsWith(`/api/bookings/${booking.id}/notes`) && response.status() === 409);
    await card.getByRole('button', { name: 'Save notes' }).click();
    await refused;
    const form = card.getByRole('form', { name: /^Notes on/ });
    await expect(form.getByRole('alert')).toContainText('Changed on another device meanwhile.');
    await expect(form.getByRole('alert')).toContainText('Written at the office');
    // What the admin typed is still in the box, and nothing was overwritten.
    await expect(form.getByRole('textbox', { name: 'Notes' })).toHaveValue('Written on the tablet');
    expect(server.storage.queries.booking(booking.id)?.notes).toBe('Written at the office');

    await form.getByRole('button', { name: 'Save notes' }).click();
    await expectToast(page, 'Notes saved');
    await expect(form).toBeHidden();
    await expect(card.getByRole('region', { name: /^Notes on / })).toContainText('Written on the tablet');
    expect(notesEvents(server, booking.id)).toEqual(['Written at the office', 'Written on the tablet']);
  });
});

/** The notes each BookingNotesChanged of the job set, in order. */
/**
 * A customer's job whose notes the tablet wrote (`mine`) with no signal while the office wrote its own (`theirs`), back
 * online with the conflict shown in its card: the job, its card and the panel.
 */
async function notesInConflict(page: Page, context: BrowserContext, server: TestServer, [firstName, lastName]: [string, string], mine: string, theirs: string) {
  const email = `${firstName}.${lastName}@example.com`.toLowerCase();
  const booking = await customerBooking(await customer(server, email, firstName, lastName), email, { firstName, lastName });
  await signIn(page);
  await controlled(page);
  const card = jobCard(page, `${firstName} ${lastName}`);
  await expect(card).toBeVisible();

  await context.setOffline(true);
  await card.getByRole('button', { name: /^Add notes/ }).click();
  await card.getByRole('textbox', { name: 'Notes' }).fill(mine);
  await card.getByRole('button', { name: 'Save notes' }).click();
  await expect(card.getByRole('region', { name: /^Notes on / }).getByText('Waiting to send')).toBeVisible();
  // The form has heard the notes are kept on the device (queued) and closed: back online before that, the save is
  // answered while the form is still open, and says so there rather than on the card (another path, not this one's).
  await expect(card.getByRole('form', { name: /^Notes on/ })).toBeHidden({ timeout: 15_000 });

  // Meanwhile, at the office.
  const office = await adminClient(server);
  expect((await office.request('PUT', `/api/bookings/${booking.id}/notes`, { json: { notes: theirs } })).status).toBe(200);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const problem = card.locator('.admin-problem');
  await expect(problem.getByRole('heading', { name: 'Notes changed elsewhere meanwhile' })).toBeVisible({ timeout: 20_000 });
  return { booking, card, problem };
}

function notesEvents(server: TestServer, bookingId: string): Array<string | null> {
  return server.storage.store
    .readStream(`booking-${bookingId}`)
    .flatMap((event) => (event.type === 'BookingNotesChanged' ? [event.data.notes] : []));
}

/** The customer's portal in a browser context of its own (her own cookies), on My Bookings. */
async function customerPortal(browser: Browser, server: TestServer, email: string, password: string): Promise<Page> {
  const own = await browser.newContext({ baseURL: server.url });
  const page = await own.newPage();
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  await page.goto('/customer-portal');
  await hydrated(page);
  await page.getByRole('tab', { name: 'My Bookings' }).click();
  return page;
}
