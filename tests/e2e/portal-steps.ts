import type { Locator, Page } from '@playwright/test';
import { Client, type TestServer } from '../support/server.ts';
import { quoteForm } from '../integration/helpers.ts';
import { expect } from './fixtures.ts';
import { open, registerInPage } from './portal-helpers.ts';

/** A tiny valid PDF (its content is checked on the server). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The UK day `n` days from today (yyyy-MM-dd), inside the customer's booking window. */
export { daysAhead as dayAhead } from '../integration/helpers.ts';

/** A customer signed in on the page (registered through the API, address proved), with the portal open. */
export async function signedInCustomer(page: Page, server: TestServer, email: string, { verified = true } = {}) {
  const user = await registerInPage(page, email);
  if (verified) await server.verifyEmail(email);
  await open(page, '/customer-portal');
  await expect(page.getByRole('tab', { name: 'New Booking' })).toBeVisible();
  return { email, id: user.id };
}

/**
 * Focuses a form's field while the signal lasts, and waits until the code that first focus fetches (the form's checks)
 * has loaded, so the form can then be used with none. `networkidle` cannot say so: it has long been reached by then,
 * and resolves at once while those chunks are still on their way.
 */
export async function focusWhileOnline(field: Locator): Promise<void> {
  const page = field.page();
  const requested = new Set<string>();
  const onRequest = (request: import('@playwright/test').Request) => {
    if (request.resourceType() === 'script') requested.add(request.url());
  };
  page.on('request', onRequest);
  try {
    await field.focus();
    await expect.poll(() => requested.size, { message: 'the first focus fetches the form’s checks' }).toBeGreaterThan(0);
    // An import of the same address resolves once the module and everything it imports have loaded (the page's own
    // import shares them); whatever those asked for meanwhile is waited for in the next round.
    for (let done = 0; done < requested.size; ) {
      const urls = [...requested];
      await page.evaluate((all) => Promise.all(all.map((url) => import(url))).then(() => undefined), urls.slice(done));
      done = urls.length;
    }
  } finally {
    page.off('request', onRequest);
  }
}

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** Fills the New Booking form (the account's names stay) and submits it. */
export async function bookWith(page: Page, fields: { serviceType: string; startDate: string; finishDate: string; description: string }, files: Upload[] = []) {
  await page.locator('#booking-serviceType').selectOption(fields.serviceType);
  await page.locator('#booking-startDate').fill(fields.startDate);
  await page.locator('#booking-finishDate').fill(fields.finishDate);
  await page.locator('#booking-description').fill(fields.description);
  if (files.length > 0) await page.getByLabel('Photos and documents').setInputFiles(files);
  await page.getByRole('button', { name: 'Submit booking' }).click();
}

/**
 * A quote request made from the home page by `email` and priced by the business (Quoted, with `price` and what it
 * includes): its id, and the admin's client to change it further.
 */
export async function pricedQuote(page: Page, server: TestServer, email: string, request: { serviceType: string; description: string }, price: { estimatedCost: string; scope?: string }) {
  const asked = await page.request.post('/api/bookings', { data: quoteForm({ email, ...request }) });
  expect(asked.status()).toBe(201);
  const quoteId = ((await asked.json()) as { quote: { id: string } }).quote.id;
  const admin = new Client(server.url);
  await admin.loginAdmin();
  expect((await admin.request('PUT', `/api/quotes/${quoteId}`, { json: { quoteStatus: 'quoted', ...price } })).status).toBe(200);
  return { quoteId, admin };
}
