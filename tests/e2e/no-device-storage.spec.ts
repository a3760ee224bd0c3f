import type { Page } from '@playwright/test';
import { png } from '../integration/matrix/calls.ts';
import { customer, customerBooking, jobCard, signIn } from './admin-seed.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { askForQuote, quoteForm } from './portal-helpers.ts';
import { bookWith, dayAhead, signedInCustomer } from './portal-steps.ts';

/**
 * A browser that keeps no data: no IndexedDB at all (old private modes), or one that refuses to open (storage blocked
 * in the browser's settings, a full disk). Nothing can wait on the device then, but the portals still work from the
 * server (db.ts: a copy in memory), and what is sent goes straight away, files and all (submit.ts sendDirectly).
 */
async function withoutIndexedDb(page: Page, how: 'missing' | 'refused'): Promise<void> {
  await page.addInitScript((mode) => {
    if (mode === 'missing') Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
    else
      IDBFactory.prototype.open = () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
  }, how);
}

test.describe('a browser that keeps no data', () => {
  test('a customer’s booking goes with its photo, My Bookings shows it, and offline the form says it was not sent', async ({ page, server, context }) => {
    await withoutIndexedDb(page, 'missing');
    const { email } = await signedInCustomer(page, server, 'nora.nostore@example.com');

    await bookWith(page, { serviceType: 'fuse_box_upgrade', startDate: dayAhead(54), finishDate: dayAhead(54), description: 'Nothing kept here' }, [
      { name: 'patio.png', mimeType: 'image/png', buffer: png().bytes },
    ]);

    await expect(page.getByText('Booking submitted. You can follow it under My Bookings.')).toBeVisible();
    const [booking] = server.storage.queries.bookingsForCustomer(email, null).filter((b) => b.description === 'Nothing kept here');
    // The photo went first, as it would from the outbox; before, the booking went alone and the photo was lost.
    expect(JSON.parse(booking!.attachments ?? '[]')).toEqual([expect.objectContaining({ originalname: 'patio.png' })]);

    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Nothing kept here' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'patio.png' })).toBeVisible();

    // Offline, nothing can wait on this device: the form says so and keeps what was typed, instead of "saved".
    await page.getByRole('tab', { name: 'New Booking' }).click();
    await context.setOffline(true);
    // The offline bar does not promise to keep what is sent.
    await expect(page.locator('.outbox-bar__offline')).toContainText('This browser keeps no data');
    await bookWith(page, { serviceType: 'fuse_box_upgrade', startDate: dayAhead(55), finishDate: dayAhead(55), description: 'Typed with no signal' });
    await expect(page.getByText(/could not reach our server, and this browser cannot keep it/).first()).toBeVisible();
    await expect(page.locator('#booking-description')).toHaveValue('Typed with no signal');
    await context.setOffline(false);
    expect(server.storage.queries.bookingsForCustomer(email, null).some((b) => b.description === 'Typed with no signal')).toBe(false);
  });

  test('a quote whose answer was lost on the way, pressed again, is asked for once: the second press goes under the first one’s key', async ({ page, server }) => {
    await withoutIndexedDb(page, 'missing');
    await page.goto('/#contact');
    await hydrated(page);
    // The server takes the first press, and its answer never reaches the phone (the signal went just then).
    let lost = false;
    await page.route('**/api/bookings', async (route) => {
      if (lost) return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    const form = quoteForm(page);
    await askForQuote(form, 'Larry', 'larry.lost@example.com');
    await expect(form.getByRole('status')).toContainText('could not reach our server');
    await form.getByRole('button', { name: /request my free quote/i }).click();
    await expect(form.getByRole('status')).toContainText('Thank you, that is on its way.');
    expect(server.storage.queries.quotes().filter((quote) => quote.email === 'larry.lost@example.com')).toHaveLength(1);
  });

  test('a booking whose answer was lost on the way, pressed again, is booked once', async ({ page, server }) => {
    await withoutIndexedDb(page, 'missing');
    const { email } = await signedInCustomer(page, server, 'lena.lost@example.com');
    let lost = false;
    await page.route('**/api/bookings', async (route) => {
      if (lost || route.request().method() !== 'POST') return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await bookWith(page, { serviceType: 'fuse_box_upgrade', startDate: dayAhead(57), finishDate: dayAhead(57), description: 'Asked for once' });
    await expect(page.getByText(/could not reach our server/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expect(page.getByText('Booking submitted. You can follow it under My Bookings.')).toBeVisible();
    expect(server.storage.queries.bookingsForCustomer(email, null).filter((b) => b.description === 'Asked for once')).toHaveLength(1);
  });

  test('the admin portal opens with the jobs and changes a status where the browser refuses to open IndexedDB', async ({ page, server }) => {
    const rita = await customer(server, 'rita.refused@example.com', 'Rita', 'Refused');
    const booking = await customerBooking(rita, 'rita.refused@example.com', { firstName: 'Rita', lastName: 'Refused' });
    await withoutIndexedDb(page, 'refused');
    await signIn(page);

    const card = jobCard(page, 'Rita Refused');
    await card.getByRole('combobox', { name: /^Status of/ }).selectOption('confirmed');

    await expect(page.getByText('Booking Updated')).toBeVisible();
    await expect(card.locator('.status-badge')).toHaveText('confirmed');
    await expect.poll(() => server.storage.store.readStream(`booking-${booking.id}`).map((e) => e.type)).toEqual(['BookingRequested', 'BookingStatusChanged']);
  });
});
