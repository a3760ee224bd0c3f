import { MSG } from '#domain/messages.ts';
import { bookingReference } from '#domain/reference.ts';
import { customer, customerBooking } from './admin-seed.ts';
import { expect, hydrated, test } from './fixtures.ts';

test.describe('the support page', () => {
  test('the support request form shows the seed messages for bad fields and stores nothing', async ({ page, server }) => {
    const before = server.storage.queries.supportRequests().length;
    // What the Content-Security-Policy refused: zod, making its schemas as the page loaded, tried an eval (pwa/lib/zod-jitless.ts).
    await page.addInitScript(() => {
      const refused: string[] = [];
      (window as unknown as { refused: string[] }).refused = refused;
      document.addEventListener('securitypolicyviolation', (event) => refused.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto('/support');
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.locator('[name="issueType"]') });
    await form.locator('[name="name"]').fill('A');
    await form.locator('[name="email"]').fill('not-an-email');
    await form.getByRole('button', { name: 'Send support request' }).click();
    await expect(form.getByText(MSG.supportName)).toBeVisible();
    await expect(form.getByText(MSG.emailInvalidLong)).toBeVisible();
    await expect(form.getByText(MSG.supportDescription)).toBeVisible();
    // Focus lands on the first field in error, so a keyboard user is taken to it.
    await expect(form.locator('[name="name"]')).toBeFocused();
    // A message clears as soon as its field is put right.
    await form.locator('[name="name"]').fill('Ada Lovelace');
    await expect(form.getByText(MSG.supportName)).toBeHidden();
    expect(server.storage.queries.supportRequests()).toHaveLength(before);
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused), 'what the page tried that its policy refuses').toEqual([]);
  });

  test('a customer sends a support request, sees the seed toast, and the server has exactly one', async ({ page, server }) => {
    await page.goto('/support');
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.locator('[name="issueType"]') });
    await form.locator('[name="name"]').fill('Grace Hopper');
    await form.locator('[name="email"]').fill('grace@example.com');
    await form.locator('[name="phone"]').fill('01632 960777');
    await form.locator('[name="issueType"]').selectOption('booking');
    await form.locator('[name="description"]').fill('I would like to move my booking to next week, please.');
    await form.getByRole('button', { name: 'Send support request' }).click();
    await expect(page.getByText('Support request submitted')).toBeVisible();
    await expect(form.locator('[name="name"]')).toHaveValue('');
    // Its own (the worker's server holds other tests' requests too).
    await expect.poll(() => server.storage.queries.supportRequests().filter((r) => r.email === 'grace@example.com').length).toBe(1);
  });

  test('Find my bookings lists a quote request when email and phone match, and says so when nothing does', async ({ page }) => {
    // A quote request made through the home page's form: the lookup finds it.
    await page.goto('/#contact');
    await hydrated(page);
    const quote = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await quote.locator('[name="firstName"]').fill('Lookup');
    await quote.locator('[name="email"]').fill('lookup@example.com');
    await quote.locator('[name="phone"]').fill('01632 960888');
    await quote.locator('[name="serviceType"]').selectOption({ index: 1 });
    await quote.getByRole('button', { name: /request/i }).click();
    await expect(page.getByText('Booking submitted')).toBeVisible();

    await page.goto('/support');
    await hydrated(page);
    await page.getByRole('button', { name: 'Find my bookings' }).click();
    const email = page.getByLabel('Email address').first();
    await expect(email).toBeFocused();
    const lookup = page.locator('#booking-lookup');
    await email.fill('lookup@example.com');
    // The phone number matches by its digits, whatever the spacing.
    await lookup.getByLabel('Phone number').fill('01632960888');
    await lookup.getByRole('button', { name: 'Find bookings' }).click();
    await expect(lookup.getByRole('heading', { name: '1 quote request found' })).toBeFocused();
    await expect(lookup.getByText('awaiting quote')).toBeVisible();

    await lookup.getByLabel('Phone number').fill('01632 960000');
    await lookup.getByRole('button', { name: 'Find bookings' }).click();
    await expect(lookup.getByRole('heading', { name: 'No bookings found' })).toBeVisible();
  });

  test('Find my bookings shows each booking’s reference, which the support request form below asks for', async ({ page, server }) => {
    const email = 'rhys.reference@example.com';
    const booking = await customerBooking(await customer(server, email, 'Rhys', 'Reference'), email, { phone: '01632 960737' });
    await page.goto('/support');
    await hydrated(page);
    await page.getByRole('button', { name: 'Find my bookings' }).click();
    const lookup = page.locator('#booking-lookup');
    await lookup.getByLabel('Email address').fill(email);
    await lookup.getByLabel('Phone number').fill('01632 960737');
    await lookup.getByRole('button', { name: 'Find bookings' }).click();
    await expect(lookup.getByRole('heading', { name: '1 booking found' })).toBeFocused();
    await expect(lookup.locator('.pg-booking__dates')).toContainText(`Reference${bookingReference(booking.id)}`);
  });
});
