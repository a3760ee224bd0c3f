import type { Page, Route } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { askForQuote, expectToast, open, quoteForm } from './portal-helpers.ts';
import { dayAhead, signedInCustomer } from './portal-steps.ts';
import { png } from '../integration/matrix/calls.ts';

/**
 * What a visitor types into a public form and has not sent stays in the tab (form-draft.ts): a reload, or a look at
 * another page and back, no longer empties it; once sent it goes, and a sign-out takes every draft with it.
 */

test('a quote half typed comes back after a reload and after a look at another page, and is gone once it is sent', async ({ page, server }) => {
  await open(page, '/');
  const form = quoteForm(page);
  await form.locator('[name="firstName"]').fill('Nadia');
  await form.locator('[name="serviceType"]').selectOption({ index: 2 });
  await form.locator('[name="description"]').fill('Two sockets in the kitchen stopped working after the storm');

  await page.reload();
  await open(page, '/');
  await expect(form.locator('[name="firstName"]')).toHaveValue('Nadia');
  await expect(form.locator('[name="description"]')).toHaveValue('Two sockets in the kitchen stopped working after the storm');
  const service = await form.locator('[name="serviceType"]').inputValue();
  expect(service).not.toBe('');

  await open(page, '/faq');
  await open(page, '/');
  await expect(form.locator('[name="description"]')).toHaveValue('Two sockets in the kitchen stopped working after the storm');
  await expect(form.locator('[name="serviceType"]')).toHaveValue(service);

  await askForQuote(form, 'Nadia', 'nadia.draft@example.com');
  await expectToast(page, 'Booking submitted');
  expect(server.storage.queries.quotesForCustomer('nadia.draft@example.com', null)).toHaveLength(1);
  await page.reload();
  await open(page, '/');
  await expect(form.locator('[name="description"]')).toHaveValue('');
  await expect(form.locator('[name="firstName"]')).toHaveValue('');
});

test('a draft typed while signed in goes with the sign-out: the next person on the tablet does not find it', async ({ page, server }) => {
  await signedInCustomer(page, server, 'omar.draft@example.com');
  await open(page, '/');
  const form = page.locator('form').filter({ has: page.locator('[name="details"]') });
  await form.locator('[name="details"]').fill('Omar’s note about the fuse box');
  await open(page, '/');
  await expect(form.locator('[name="details"]')).toHaveValue('Omar’s note about the fuse box');
  await open(page, '/customer-portal');
  await page.locator('.portal-head').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer-auth/);
  await open(page, '/');
  await expect(form.locator('[name="details"]')).toHaveValue('');
});

test('a booking half typed in the portal comes back after the page is loaded again, for the same customer, and goes once it is sent', async ({
  page,
  server,
}) => {
  await signedInCustomer(page, server, 'pia.draft@example.com');
  await page.locator('#booking-serviceType').selectOption('rewiring');
  await page.locator('#booking-startDate').fill(dayAhead(12));
  await page.locator('#booking-description').fill('Pia’s loft: two new circuits');
  await page.getByLabel('Photos and documents').setInputFiles([{ name: 'loft.png', mimeType: 'image/png', buffer: png().bytes }]);

  await page.reload();
  await hydrated(page);
  await expect(page.locator('#booking-description')).toHaveValue('Pia’s loft: two new circuits');
  // Files cannot be kept across a reload: the form says which to add again, until they are.
  const lost = page.getByRole('note').filter({ hasText: 'could not be kept' });
  await expect(lost).toContainText('loft.png');
  await expect(page.locator('#booking-startDate')).toHaveValue(dayAhead(12));
  await expect(page.locator('#booking-serviceType')).toHaveValue('rewiring');

  await page.getByLabel('Photos and documents').setInputFiles([{ name: 'loft.png', mimeType: 'image/png', buffer: png().bytes }]);
  await expect(lost).toHaveCount(0);
  await page.locator('#booking-finishDate').fill(dayAhead(12));
  await page.getByRole('button', { name: 'Submit booking' }).click();
  await expectToast(page, 'Booking Submitted');
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('tab', { name: 'New Booking' })).toBeVisible();
  await expect(page.locator('#booking-description')).toHaveValue('');
});

test('a quote on its way when the page is loaded again is not put back into the form: it goes once, from the outbox', async ({ page, server }) => {
  await open(page, '/');
  // One bar of signal: the request goes out and no answer comes (held here until the end).
  const held: Route[] = [];
  await page.route('**/api/bookings', (route) => void held.push(route));
  const form = quoteForm(page);
  await askForQuote(form, 'Rhys', 'rhys.slow@example.com', 'The outside light flickers');
  // Kept on the device (in the outbox) while the form still says Sending…, its answer still to come.
  await expect.poll(() => waiting(page)).toBe(1);
  await expect(form.getByRole('button', { name: 'Sending…' })).toBeVisible();

  await page.reload();
  await open(page, '/');
  await expect(form.locator('[name="description"]')).toHaveValue('');
  await expect(form.locator('[name="firstName"]')).toHaveValue('');
  // The signal is back: the tries that hung fail (the service worker's too, which held the outbox), and what waited
  // goes now, whatever back-off they ran up.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const route of held) await route.abort('connectionreset').catch(() => undefined);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => server.storage.queries.quotesForCustomer('rhys.slow@example.com', null), { timeout: 15_000 }).toHaveLength(1);
});

/** How many items the device's outbox holds; -1 while the app has not made it yet (read then, it would hang). */
function waiting(page: Page): Promise<number> {
  return page.evaluate(async () =>
    // Not opened before the app has made it: opened first, it would be made empty, under the app.
    !(await indexedDB.databases()).some((db) => db.name === 'sparkright')
      ? -1
      : new Promise<number>((resolve) => {
          const opening = indexedDB.open('sparkright');
          opening.onerror = () => resolve(-1);
          opening.onsuccess = () => {
            const db = opening.result;
            if (!db.objectStoreNames.contains('outbox')) {
              db.close();
              resolve(-1);
              return;
            }
            const count = db.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => {
              db.close();
              resolve(count.result);
            };
          };
        }),
  );
}
