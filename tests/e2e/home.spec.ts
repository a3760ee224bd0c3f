import { bankHoliday, bankHolidaysBetween, bankHolidayWords } from '#domain/bank-holidays.ts';
import { addDays } from '#domain/days.ts';
import { dayWords } from '#domain/history.ts';
import { clientRoutes } from '#domain/routes.ts';
import { replyFor } from '#domain/widgets/chat.ts';
import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { askForQuote, quoteForm } from './portal-helpers.ts';
import { dayAhead as daysAhead } from './portal-steps.ts';

/** The home page's quote form, opened at #contact and ready for input. */
async function openQuoteForm(page: Page) {
  await page.goto('/#contact');
  await hydrated(page);
  return quoteForm(page);
}

test('the chat widget answers a price question with the price reply', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('button', { name: /chat/i }).first().click();
  const chat = page.getByRole('dialog', { name: /chat/i });
  // The panel's code comes with this first input, beside the router's: on a busy machine more than the default 5 s.
  await expect(chat).toBeVisible({ timeout: 10_000 });
  await expect(chat.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/rewiring-surrey');
  await chat.getByRole('textbox').fill('How much does a rewire cost?');
  await chat.getByRole('textbox').press('Enter');
  // After the panel's typing delay (1–2 s).
  await expect(chat.getByText(replyFor('price')!.text)).toBeVisible({ timeout: 10_000 });
});

test.describe('the quote form on a device set to New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('offers the days the server takes: from the UK’s today (already tomorrow there) to two years on', async ({ page }) => {
    // 23:30 on 1 July in New York: 04:30 on 2 July in the UK.
    await page.clock.setFixedTime(new Date('2026-07-02T03:30:00Z'));
    await page.goto('/#contact');
    await hydrated(page);
    const day = page.locator('form').filter({ has: page.locator('[name="serviceType"]') }).locator('[name="preferredDate"]');
    await expect(day).toHaveAttribute('min', '2026-07-02');
    await expect(day).toHaveAttribute('max', '2028-07-02');
  });
});

test.describe('the quote form', () => {
  test('shows the seed messages for empty and bad fields, and sends nothing', async ({ page, server }) => {
    const before = server.storage.queries.quotes().length;
    await page.goto('/#contact');
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await form.locator('[name="email"]').fill('not-an-email');
    await form.getByRole('button', { name: /send|submit|request/i }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Service type is required')).toBeVisible();
    await expect(form.getByText('Please enter a valid email')).toBeVisible();
    expect(server.storage.queries.quotes()).toHaveLength(before);
  });

  test('says a preferred date typed past the picker’s bounds is one the server refuses, before anything is sent or kept', async ({ page, server }) => {
    const before = server.storage.queries.quotes().length;
    await page.goto('/#contact');
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await askForQuoteWith(form, { preferredDate: '2020-01-06' });
    await expect(form.getByText('Please choose today or a later date')).toBeVisible();
    await expect(form.locator('[name="preferredDate"]')).toBeFocused();
    await form.locator('[name="preferredDate"]').fill('2099-01-06');
    await form.getByRole('button', { name: /request my free quote/i }).click();
    await expect(form.getByText('Please choose a date within the next 2 years')).toBeVisible();
    expect(server.storage.queries.quotes()).toHaveLength(before);
    await expect(page.getByText(/Waiting to send/)).toHaveCount(0);
  });

  test('asks for an email or a phone, and for a real phone number, before anything is sent', async ({ page, server }) => {
    const before = server.storage.queries.quotes().length;
    await page.goto('/#contact');
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await form.locator('[name="firstName"]').fill('Nora');
    await form.locator('[name="serviceType"]').selectOption({ index: 1 });
    await form.getByRole('button', { name: /request/i }).click();

    const reply = page.getByRole('group', { name: /how can we reply/i });
    await expect(reply.getByText('Please give an email or a phone number so we can reply')).toHaveCount(2);
    await expect(form.locator('[name="email"]')).toBeFocused();

    await form.locator('[name="phone"]').fill('12');
    await form.getByRole('button', { name: /request/i }).click();
    await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(reply.getByText('Please give an email or a phone number so we can reply')).toHaveCount(0);
    expect(server.storage.queries.quotes()).toHaveLength(before);

    await form.locator('[name="phone"]').fill('01632 960444');
    await form.getByRole('button', { name: /request/i }).click();
    await expect(page.getByText('Booking submitted')).toBeVisible();
    await expect.poll(() => server.storage.queries.quotes().filter((q) => q.phone === '01632 960444').length).toBe(1);
  });

  test('a preferred date on a bank holiday says we are closed then and will suggest another day; the quote still goes, with that date', async ({ page, server }) => {
    const holiday = bankHolidaysBetween(daysAhead(1), daysAhead(400))[0]!;
    const form = await openQuoteForm(page);
    const note = form.getByText(/bank holiday.*, when we are closed\./);
    await form.locator('[name="preferredDate"]').fill(holiday.day);
    await expect(note).toHaveText(`${dayWords(holiday.day)} is ${bankHolidayWords(holiday)}, when we are closed. We will suggest another day.`);
    await expect(note).toHaveAttribute('aria-live', 'polite');
    // Another day: the words go.
    const ordinary = [1, 2, 3].map((n) => addDays(holiday.day, -n)).find((day) => !bankHoliday(day))!;
    await form.locator('[name="preferredDate"]').fill(ordinary);
    await expect(note).toHaveCount(0);
    await form.locator('[name="preferredDate"]').fill(holiday.day);
    await expect(note).toBeVisible();
    await askForQuote(form, 'Hollis', 'hollis.holiday@example.com', 'Sockets, whenever suits.');
    await expect(page.getByText('Booking submitted')).toBeVisible();
    await expect.poll(() => server.storage.queries.quotes().find((q) => q.email === 'hollis.holiday@example.com')?.preferredDate).toBe(holiday.day);
    // The form is emptied for the next request, and its note with it.
    await expect(note).toHaveCount(0);
  });

  test('a visitor asks for a quote and the server has exactly one', async ({ page, server }) => {
    await page.goto('/#contact');
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await form.locator('[name="firstName"]').fill('Quentin');
    await form.locator('[name="lastName"]').fill('Visitor');
    await form.locator('[name="email"]').fill('quentin@example.com');
    await form.locator('[name="phone"]').fill('01632 960555');
    await form.locator('[name="serviceType"]').selectOption({ index: 1 });
    await form.locator('[name="description"]').fill('Two new double sockets in the kitchen.');
    await form.getByRole('button', { name: /send|submit|request/i }).click();
    await expect(page.getByText('Booking submitted')).toBeVisible();
    await expect.poll(() => server.storage.queries.quotes().filter((q) => q.email === 'quentin@example.com').length).toBe(1);
    const quote = server.storage.queries.quotes().find((q) => q.email === 'quentin@example.com')!;
    expect(quote).toMatchObject({ firstName: 'Quentin', quoteStatus: 'pending', priority: 'medium' });
  });

  test('a second tap landing after the quote went (a slow first one) leaves the thanks standing, and sends nothing', async ({ page, server }) => {
    await page.goto('/#contact');
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await form.locator('[name="firstName"]').fill('Tabitha');
    await form.locator('[name="email"]').fill('tabitha.twice@example.com');
    await form.locator('[name="serviceType"]').selectOption({ index: 1 });
    const button = form.getByRole('button', { name: /request my free quote/i });
    await button.click();
    const thanks = form.getByRole('status');
    await expect(thanks).toContainText('Thank you, that is on its way.');

    // The form emptied itself: the late tap checked an empty form ("Please correct the highlighted fields.").
    await button.click();
    // The press handled (its checks run in the tasks after it, and the page draws what they say).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await expect(form.getByText('First name is required')).toHaveCount(0);
    await expect(thanks).toContainText('Thank you, that is on its way.');
    // Once the visitor types again, the form checks as before.
    await form.locator('[name="firstName"]').fill('T');
    await form.locator('[name="firstName"]').fill('');
    await button.click();
    await expect(form.getByText('First name is required')).toBeVisible();
    expect(server.storage.queries.quotes().filter((q) => q.email === 'tabitha.twice@example.com')).toHaveLength(1);
  });

  test('a quote the server is too busy to take is kept, said so without calling the visitor offline, and arrives once', async ({ page, server }) => {
    // The server answers 503 once (a fault: backend/faults.ts), with a Retry-After of a second.
    await page.route(
      '**/api/bookings',
      (route) => route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, contentType: 'application/json', body: '{"error":{"code":"busy","message":"Busy"}}' }),
      { times: 1 },
    );
    const form = await openQuoteForm(page);
    await askForQuote(form, 'Bea', 'bea.busy@example.com');
    // Not "when you're back online": the visitor is online.
    await expect(form.getByRole('status')).toHaveText('Saved — our server cannot take it just now; it goes by itself as soon as it can.');
    await expect.poll(() => server.storage.queries.quotes().filter((q) => q.email === 'bea.busy@example.com').length, { timeout: 15_000 }).toBe(1);
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
  });

  test('a quote refused after the visitor went on to another page stays in Waiting to send, to be edited there', async ({ page, server }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const refusal = { error: { code: 'validation_failed', message: 'Please check the highlighted fields', fields: { preferredDate: 'Please choose today or a later date' } } };
    let asked!: () => void;
    const arrived = new Promise<void>((resolve) => (asked = resolve));
    await page.route('**/api/bookings', async (route) => {
      asked();
      await released;
      await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refusal) });
    });
    const form = await openQuoteForm(page);
    await askForQuote(form, 'Gil', 'gil.gone@example.com');
    // On to the Customer Portal before the answer comes (the site's own navigation: the page stays, the form goes).
    await arrived;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customer Portal' }).click();
    await expect(page.getByRole('heading', { name: 'Customer Sign In' })).toBeVisible();
    await expect(form).toHaveCount(0);
    release();

    await page.getByRole('button', { name: /waiting to send/i }).click();
    const entry = page.getByRole('dialog', { name: 'Waiting to send' }).getByRole('listitem').filter({ hasText: 'Quote request' });
    await expect(entry).toContainText('Please choose today or a later date');
    await expect(entry.getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(server.storage.queries.quotes().filter((q) => q.email === 'gil.gone@example.com')).toHaveLength(0);
  });

  test('a quote our server fails with an error of its own every time is set aside after five tries, and the quote behind it goes', async ({ page, server }) => {
    const fault = { status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Something went wrong"}}' };
    // Every quote from Stu meets a fault of ours (a 500), alone or in a batch; others go through.
    await page.route('**/api/bookings', async (route) => (route.request().postDataJSON()?.firstName === 'Stu' ? route.fulfill(fault) : route.fallback()));
    await page.route('**/api/batch', (route) => route.fulfill(fault));
    const form = await openQuoteForm(page);
    const ask = async (firstName: string, email: string) => {
      await askForQuote(form, firstName, email);
      await expect(form.locator('[name="firstName"]')).toHaveValue('', { timeout: 15_000 });
    };
    await ask('Stu', 'stu.stuck@example.com');
    await page.getByRole('button', { name: /waiting to send/i }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting to send' });
    // (Both quotes read "Quote request: …"; one that has gone is listed as sent for a moment.)
    const stuck = panel.getByRole('listitem').filter({ hasNotText: 'it has reached us' }).first();
    // The entry says our server met an error, not that the connection is missing. Each press tries at once (its
    // back-off set aside), as its own timer does, more slowly.
    await expect(stuck).toContainText('Our server met an error with it (tried');
    const tried = async () => Number(/tried (\d+)/.exec((await stuck.textContent()) ?? '')?.[1] ?? 5);
    while ((await tried()) < 4) {
      const before = await tried();
      await panel.getByRole('button', { name: 'Try sending now' }).click();
      await expect.poll(tried).toBeGreaterThan(before);
    }
    await panel.getByRole('button', { name: 'Close', exact: true }).click();

    // A quote asked for behind it: the fifth error sets Stu's aside, and Una's goes.
    await ask('Una', 'una.after@example.com');
    await expect.poll(() => server.storage.queries.quotes().filter((q) => q.email === 'una.after@example.com').length, { timeout: 20_000 }).toBe(1);
    await page.getByRole('button', { name: /waiting to send/i }).click();
    await expect(stuck).toContainText('Our server could not take this: it met an error of its own each time it was sent');
    await expect(stuck.getByRole('button', { name: 'Send again' })).toBeVisible();
    expect(server.storage.queries.quotes().filter((q) => q.email === 'stu.stuck@example.com')).toHaveLength(0);
  });

  test('a quote sent while the phone has signal but our server cannot be reached is kept, said so without calling the visitor offline, and arrives once', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#contact');
    await hydrated(page);
    // The server refuses every connection (down, or a network between) while the browser stays online.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await form.locator('[name="firstName"]').fill('Ursula');
    await form.locator('[name="email"]').fill('ursula.unreached@example.com');
    await form.locator('[name="serviceType"]').selectOption({ index: 1 });
    await form.getByRole('button', { name: /request my free quote/i }).click();
    const saved = 'Saved — our server cannot be reached just now; it goes by itself as soon as it can.';
    await expect(form.getByRole('status')).toHaveText(saved);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Saved on this device' })).toContainText(saved);
    // The pinned line speaks of our server, not of the visitor's signal.
    const line = page.locator('.outbox-bar__offline');
    await expect(line).toHaveText('Our server cannot be reached just now. What you send is kept on this device and goes by itself as soon as it can.');
    await expect(page.getByText(/offline|back online/i)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('phone-unreachable-quote.png') });

    // The server is back: the next try (seconds away) sends it, the line goes, and the form's own line says it went.
    await page.unroute('**/api/**');
    await expect.poll(() => server.storage.queries.quotes().filter((q) => q.email === 'ursula.unreached@example.com').length, { timeout: 15_000 }).toBe(1);
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
    await expect(line).toBeHidden();
    await expect(form.getByRole('status')).toHaveText('Sent: we have it now.');
  });

  test('what another tab sends proves the server is back: this tab’s line that it cannot be reached goes too', async ({ page, context, server }) => {
    await page.goto('/#contact');
    await hydrated(page);
    // This tab cannot reach the server (its own tries keep failing); another tab of the site can.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    const form = page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
    await form.locator('[name="firstName"]').fill('Tabitha');
    await form.locator('[name="email"]').fill('tabitha.tabs@example.com');
    await form.locator('[name="serviceType"]').selectOption({ index: 1 });
    await form.getByRole('button', { name: /request my free quote/i }).click();
    const line = page.locator('.outbox-bar__offline');
    await expect(line).toContainText('Our server cannot be reached just now.');

    // The other tab opens and sends what waits (the same device's outbox).
    const other = await context.newPage();
    await other.goto('/faq');
    await expect.poll(() => server.storage.queries.quotes().filter((q) => q.email === 'tabitha.tabs@example.com').length, { timeout: 15_000 }).toBe(1);
    // This tab heard it went: nothing waits, and the server answered, so no line says it cannot be reached; the
    // form's own line says it went.
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
    await expect(line).toBeHidden();
    await expect(form.getByRole('status')).toHaveText('Sent: we have it now.');
  });
});

test('the home page links to every town’s own page, without JavaScript too', async ({ browser, server }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  const towns = clientRoutes.filter((route) => route.path.startsWith('/electrician-')).map((route) => route.path);
  expect(towns.length).toBeGreaterThan(0);
  const local = page.getByRole('navigation', { name: 'Local pages' });
  for (const path of towns) await expect(local.locator(`a[href="${path}"]`)).toHaveCount(1);
  await context.close();
});

/** Fills the quote form with a name, an address and the first service, and `extra` fields; then presses its button. */
async function askForQuoteWith(form: Locator, extra: Record<string, string>): Promise<void> {
  await form.locator('[name="firstName"]').fill('Dora');
  await form.locator('[name="email"]').fill('dora.date@example.com');
  await form.locator('[name="serviceType"]').selectOption({ index: 1 });
  for (const [name, value] of Object.entries(extra)) await form.locator(`[name="${name}"]`).fill(value);
  await form.getByRole('button', { name: /request my free quote/i }).click();
}
