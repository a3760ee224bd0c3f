import type { Page } from '@playwright/test';
import { londonDay } from '#domain/schemas/date-window.ts';
import type { TestServer } from '../support/server.ts';
import { expect } from './fixtures.ts';
import { open, registerInPage } from './portal-helpers.ts';

/** A tiny valid PDF (its content is checked on the server). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The UK day `n` days from today (yyyy-MM-dd), inside the customer's booking window. */
export function dayAhead(n: number): string {
  return londonDay(new Date(Date.now() + n * 86_400_000));
}

/** A customer signed in on the page (registered through the API, address proved), with the portal open. */
export async function signedInCustomer(page: Page, server: TestServer, email: string, { verified = true } = {}) {
  const user = await registerInPage(page, email);
  if (verified) await server.verifyEmail(email);
  await open(page, '/customer-portal');
  await expect(page.getByRole('tab', { name: 'New Booking' })).toBeVisible();
  return { email, id: user.id };
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
