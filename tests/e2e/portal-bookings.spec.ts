import type { Locator, Page } from '@playwright/test';
import { CANCEL_TOO_LATE, DATES_TOO_LATE } from '#domain/deciders/booking.ts';
import { bankHoliday, bankHolidaysBetween, bankHolidayWords } from '#domain/bank-holidays.ts';
import { addDays } from '#domain/days.ts';
import { dayWords } from '#domain/history.ts';
import { bookingReference } from '#domain/reference.ts';
import { Client } from '../support/server.ts';
import { png } from '../integration/matrix/calls.ts';
import { holdPulls } from './admin-seed.ts';
import { expect, hydrated, scrollStopped, test, whollyOnScreen } from './fixtures.ts';
import { expectAxeClean, expectToast, mailedLink, open } from './portal-helpers.ts';
import { bookWith, dayAhead, PDF, signedInCustomer, focusWhileOnline } from './portal-steps.ts';

const PASSWORD = 'a-customer-passphrase';

test.describe('the customer portal: bookings, files and chat', () => {
  test('a customer registers, confirms by the mailed link, signs in, books with two files, opens them, chats, and sees the reply', async ({ page, server }) => {
    // The whole journey of issue 12 in one story: longer than one screen's test.
    test.setTimeout(90_000);
    const email = 'bea.booker@example.com';
    await open(page, '/customer-auth?mode=signup');
    await page.getByLabel(/^First name/).fill('Bea');
    await page.getByLabel(/^Last name/).fill('Booker');
    await page.getByLabel(/^Email/).fill(email);
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-confirmPassword').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/customer-portal$/);
    await page.goto(await mailedLink(server, email, 'verify-email', /https?:\/\/\S+\/customer-auth\?verify=[\w-]+/));
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await open(page, '/customer-portal');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/customer-auth$/);
    await page.getByLabel(/^Email/).fill(email);
    await page.locator('#signin-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // New Booking is the default tab; names and email come from the account, the times from the seed.
    await expect(page.getByRole('tab', { name: 'New Booking' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel(/^First name/)).toHaveValue('Bea');
    await expect(page.locator('#booking-startTime')).toHaveValue('09:00');
    await expect(page.locator('#booking-finishTime')).toHaveValue('17:00');
    const day = dayAhead(20);
    await page.locator('#booking-phone').fill('01632 960777');
    await page.locator('#booking-address').fill('7 Garden Row, Staines TW18 4AA');
    await bookWith(page, { serviceType: 'lighting_installation', startDate: day, finishDate: dayAhead(21), description: 'Garden lights on the patio' }, [
      { name: 'patio.png', mimeType: 'image/png', buffer: png().bytes },
      { name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expectToast(page, 'Booking Submitted');
    // The form is cleared for the next booking, the times back to 09:00–17:00; the phone and address stay, as the
    // latest booking's (and so after a reload too).
    await expect(page.locator('#booking-description')).toHaveValue('');
    await expect(page.locator('#booking-startTime')).toHaveValue('09:00');
    for (const reloaded of [false, true]) {
      if (reloaded) await page.reload();
      await expect(page.locator('#booking-phone'), reloaded ? 'after a reload' : 'after sending').toHaveValue('01632 960777');
      await expect(page.locator('#booking-address')).toHaveValue('7 Garden Row, Staines TW18 4AA');
    }
    await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(page.getByLabel('Bookings for the email address')).toHaveValue(email);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lighting Installation' }) });
    await expect(card.getByText('Pending')).toBeVisible();
    await expect(card).toContainText('Garden lights on the patio');
    for (const [name, type] of [
      ['patio.png', 'image/png'],
      ['plan.pdf', 'application/pdf'],
    ] as const) {
      const link = card.getByRole('link', { name: new RegExp(name) });
      await expect(link).toHaveAttribute('target', '_blank');
      const file = await page.request.get((await link.getAttribute('href'))!);
      expect({ status: file.status(), type: file.headers()['content-type'] }).toEqual({ status: 200, type });
    }
    const booking = server.storage.queries.bookingsForCustomer(email, null)[0]!;
    // The form's 09:00–17:00, to 16:00 when a day of it is a Saturday or Sunday (the form's hours follow the days).
    const weekend = [day, dayAhead(21)].some((d) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
    expect(booking).toMatchObject({ serviceType: 'lighting_installation', startDate: day, startTime: '09:00', finishTime: weekend ? '16:00' : '17:00' });
    // The reference the support form asks for is on the card.
    await expect(card.getByRole('definition').filter({ hasText: bookingReference(booking.id) })).toBeVisible();
    // And the number given with it, the one we will ring.
    await expect(card.getByRole('definition').filter({ hasText: '01632 960777' })).toBeVisible();

    // Its calendar file and its history in the customer's words.
    const ics = await page.request.get((await card.getByRole('link', { name: /Add to calendar/ }).getAttribute('href'))!);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VEVENT');
    // Not loaded the first time (a bad moment for the signal): Try again asks again, without closing it.
    await page.route('**/api/bookings/*/timeline', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"busy","message":"Busy"}}' }));
    await card.getByRole('button', { name: /^History/ }).click();
    await expect(card.getByText('We could not load the history. Please try again.')).toBeVisible();
    await page.unroute('**/api/bookings/*/timeline');
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect(card.getByText('You asked us to book this job')).toBeVisible();
    await expectAxeClean(page);

    // The chat: the customer writes, the team answers (through the API), the answer shows up by itself.
    await card.getByRole('button', { name: /^Chat/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Chat about Lighting Installation' })).toBeFocused();
    // The chat from its heading to its Send button on one screen (the page scrolled to it, not left at the list).
    await expect(page.getByRole('heading', { level: 2, name: 'Chat about Lighting Installation' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeInViewport();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message cannot be empty')).toBeVisible();
    await page.getByLabel('Your message').fill('   Can you come before noon?   ');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectToast(page, 'Message Sent');
    // The pressed button keeps the focus (not disabled while sending, which dropped it to the page).
    await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByRole('listitem').filter({ hasText: 'Can you come before noon?' })).toContainText('Bea Booker');
    // The top of the log, far above the one message at its foot, says the chat starts there (it looked not loaded).
    const start = await log.getByText('Your messages with us about this booking start here.').boundingBox();
    expect(start!.y).toBeLessThan((await log.boundingBox())!.y + 40);
    await expect.poll(() => server.storage.queries.messages(booking.id).map((m) => m.content)).toEqual(['Can you come before noon?']);

    const admin = new Client(server.url);
    await admin.loginAdmin();
    expect((await admin.post(`/api/bookings/${booking.id}/messages`, { content: 'Yes, 10am works for us.' })).status).toBe(201);
    // Looked for every 5 s while the chat is open.
    const reply = log.getByRole('listitem').filter({ hasText: 'Yes, 10am works for us.' });
    await expect(reply).toBeVisible({ timeout: 10_000 });
    await expect(reply).toContainText('SparkRight team');
    await expectAxeClean(page);

    await page.getByRole('button', { name: /Back to my bookings/ }).click();
    await expect(card.getByRole('button', { name: /^Chat/ })).toBeFocused();
  });

  test('a reply the customer has not seen says so on the booking’s Chat button, until the chat is opened', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'rita.replies@example.com');
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(53), finishDate: dayAhead(53), description: 'Waiting for an answer' });
    await expectToast(page, 'Booking Submitted');
    const booking = server.storage.queries.bookingsForCustomer(email, null).find((b) => b.description === 'Waiting for an answer')!;
    const admin = new Client(server.url);
    await admin.loginAdmin();
    for (const content of ['We can do the Monday.', 'Bring the dog in, please.']) expect((await admin.post(`/api/bookings/${booking.id}/messages`, { content })).status).toBe(201);

    await page.reload();
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const chat = page.getByRole('listitem').filter({ hasText: 'Waiting for an answer' }).getByRole('button', { name: /^Chat/ });
    await expect(chat).toHaveAccessibleName(/2 new replies$/);
    // The replies there on opening are read with the button; one arriving while the list is open is said politely.
    const said = page.getByRole('status').filter({ hasText: /New reply/ });
    await expect(said).toHaveCount(0);
    expect((await admin.post(`/api/bookings/${booking.id}/messages`, { content: 'And the cat.' })).status).toBe(201);
    // The list pulls every 30 s; a connection coming back pulls at once.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(chat).toHaveAccessibleName(/3 new replies$/);
    await expect(said).toHaveText('New reply about Rewiring');
    await chat.click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Bring the dog in, please.' })).toBeVisible();
    await page.getByRole('button', { name: /Back to my bookings/ }).click();
    await expect(chat).not.toContainText(/new repl/i);
    // Kept on the device, so a reload does not bring them back as new.
    expect(await page.evaluate((id) => localStorage.getItem(`chat-seen:${id}`), booking.id)).toBe(server.storage.queries.messages(booking.id).at(-1)!.createdAt);
  });

  test('a start date chosen fills an empty finish date with the same day (a one-day job), and moves one that fell before it, but never a later one', async ({ page, server }) => {
    await signedInCustomer(page, server, 'oda.oneday@example.com');
    const start = page.locator('#booking-startDate');
    const finish = page.locator('#booking-finishDate');
    await start.fill(dayAhead(30));
    await expect(finish).toHaveValue(dayAhead(30));
    // A two-day job: the later finish stays when the start moves within it.
    await finish.fill(dayAhead(32));
    await start.fill(dayAhead(31));
    await expect(finish).toHaveValue(dayAhead(32));
    // A start after the finish takes the finish along.
    await start.fill(dayAhead(35));
    await expect(finish).toHaveValue(dayAhead(35));
    await page.locator('#booking-serviceType').selectOption('rewiring');
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expectToast(page, 'Booking Submitted');
    await expect.poll(() => server.storage.queries.bookingsForCustomer('oda.oneday@example.com', null).map((b) => [b.startDate, b.finishDate])).toEqual([[dayAhead(35), dayAhead(35)]]);
  });

  test('on a phone, back from a chat the booking’s Chat button has the focus and is on the screen', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInCustomer(page, server, 'penny.phone@example.com');
    // Two bookings, the newer one with a long description: its Chat button sits below the first screen.
    const loft = 'Two sockets in the loft, one by the hatch and one by the water tank, on their own circuit from the board in the garage, please.';
    for (const description of ['Outside light by the back door', loft]) {
      await bookWith(page, { serviceType: 'lighting_installation', startDate: dayAhead(50), finishDate: dayAhead(50), description });
      await expectToast(page, 'Booking Submitted');
    }
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const chat = page.getByRole('listitem').filter({ hasText: loft }).getByRole('button', { name: /^Chat/ });
    await chat.click();
    await expect(page.getByRole('heading', { level: 2, name: /^Chat about/ })).toBeFocused();
    await page.getByRole('button', { name: /Back to my bookings/ }).click();
    await expect(chat).toBeFocused();
    // Once the page has stopped scrolling (the router's scroll to the top came a moment after the focus), the
    // button is wholly on the screen.
    await scrollStopped(page);
    expect(await whollyOnScreen(chat)).toBe(true);
  });

  test('on a phone the chat fits the screen, and its toast shows at the top, clear of the message box at the bottom', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInCustomer(page, server, 'tom.toast@example.com');
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(52), finishDate: dayAhead(52), description: 'A chat on a phone' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('listitem').filter({ hasText: 'A chat on a phone' }).getByRole('button', { name: /^Chat/ }).click();
    // Nothing wider than the phone (the hidden file picker was, by its padding: the page scrolled sideways).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByLabel('Your message').fill('Is the morning all right?');
    await page.getByRole('button', { name: 'Send message' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Message Sent' });
    await expect(toast).toBeVisible();
    await expect.poll(async () => (await toast.boundingBox())?.y).toBeLessThan(844 / 2);
    const box = (await toast.boundingBox())!;
    const message = (await page.getByLabel('Your message').boundingBox())!;
    expect(message.y >= box.y + box.height || message.y + message.height <= box.y, 'the toast covers the message box').toBe(true);
  });

  test('a request waiting for confirmation can be cancelled after a second press, also with no signal, and goes once', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'cora.cancel@example.com');
    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(45), finishDate: dayAhead(45), description: 'Changed my mind about this' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Changed my mind about this' });
    const ask = card.getByRole('button', { name: /^Cancel this request/ });

    // A slip does nothing: the focus is on Keep it, which puts things back.
    await ask.click();
    await expect(card.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await card.getByRole('button', { name: 'Keep it' }).click();
    await expect(ask).toBeFocused();

    await page.context().setOffline(true);
    await ask.click();
    await card.getByRole('button', { name: /^Yes, cancel it/ }).click();
    // The buttons went: the focus is on the booking's heading, by its new status.
    await expect(card.getByRole('heading', { level: 3 })).toBeFocused();
    await expectToast(page, 'Saved on this device');
    await expect(card.locator('.status-badge')).toHaveText(/cancelled/i);
    await expect(card.getByText('Waiting to send')).toBeVisible();
    await expect(ask).toHaveCount(0);
    // While it waits, the booking keeps its reference and history (someone may ring us about it); no calendar file.
    await expect(card.getByText('Reference')).toBeVisible();
    await expect(card.getByRole('button', { name: /^History/ })).toBeVisible();
    await expect(card.getByRole('link', { name: /Add to calendar/ })).toHaveCount(0);
    const [booking] = server.storage.queries.bookingsForCustomer(email, null);
    expect(booking!.status).toBe('pending');

    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(card.getByText('Waiting to send')).toBeHidden({ timeout: 15_000 });
    await expect(card.locator('.status-badge')).toHaveText(/cancelled/i);
    expect(server.storage.queries.booking(booking!.id)!.status).toBe('cancelled');
    const changes = server.storage.store.readStream(`booking-${booking!.id}`).filter((e) => e.type === 'BookingStatusChanged');
    expect(changes).toHaveLength(1);
    await expectAxeClean(page);
  });

  test('Escape on Change dates closes it when nothing was changed, and asks “Discard your changes?” when a day was', async ({ page, server }) => {
    await signedInCustomer(page, server, 'esme.escape@example.com');
    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(48), finishDate: dayAhead(48), description: 'Escape from the dates' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Escape from the dates' });
    const open = card.getByRole('button', { name: /^Change dates/ });
    const form = card.getByRole('form', { name: /^New dates for/ });
    const start = form.getByLabel(/^Start date/);

    // Nothing changed: Escape is Keep the current dates.
    await open.click();
    await expect(start).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(open).toBeFocused();

    // A day changed: the form stays and asks, the focus on Keep editing; Escape again keeps the new day.
    await open.click();
    await start.fill(dayAhead(50));
    await page.keyboard.press('Escape');
    const question = form.getByRole('group', { name: 'Discard your changes?' });
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(start).toBeFocused();
    await expect(start).toHaveValue(dayAhead(50));

    // Asked again, Discard closes it with the dates as they were.
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(form).toHaveCount(0);
    await expect(open).toBeFocused();
    await expect(card).toContainText(dayWords(dayAhead(48)));
  });

  test('a request waiting for confirmation can be moved to other days, also with no signal, and goes once; once confirmed it cannot', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'mo.move@example.com');
    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(47), finishDate: dayAhead(47), description: 'Picked the wrong day' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Picked the wrong day' });
    const open = card.getByRole('button', { name: /^Change dates/ });

    // A slip does nothing: Keep the current dates puts things back.
    await open.click();
    const form = card.getByRole('form', { name: /^New dates for/ });
    await expect(form.getByLabel(/^Start date/)).toBeFocused();
    // Titled where it can be seen too: opened under the card's History, its fields would read as more of it.
    await expect(form.getByRole('heading', { level: 4, name: 'New dates' })).toBeVisible();
    await form.getByRole('button', { name: 'Keep the current dates' }).click();
    await expect(open).toBeFocused();

    await open.click();
    // Sent unchanged: said so, until the dates are changed, which makes it untrue.
    await form.getByRole('button', { name: 'Save the new dates' }).click();
    const same = form.getByText('These are the dates you asked for already.');
    await expect(same).toBeVisible();
    await form.getByLabel(/^Finish date/).fill(dayAhead(40));
    await expect(same).toHaveCount(0);
    await form.getByRole('button', { name: 'Save the new dates' }).click();
    await expect(form.getByText('The finish date must be on or after the start date')).toBeVisible();
    await expectAxeClean(page);

    await page.context().setOffline(true);
    await form.getByLabel(/^Start date/).fill(dayAhead(52));
    await form.getByLabel(/^Finish date/).fill(dayAhead(53));
    await form.getByRole('button', { name: 'Save the new dates' }).click();
    await expectToast(page, 'Saved on this device');
    await expect(card.getByRole('heading', { level: 3 })).toBeFocused();
    await expect(card.getByText('Waiting to send')).toBeVisible();
    const [booking] = server.storage.queries.bookingsForCustomer(email, null);
    await expect(card).toContainText(dayWords(dayAhead(53)));
    expect(booking!.startDate).toBe(dayAhead(47));
    // Change dates and Cancel wait for it, and the card says so (they seemed gone for good).
    const why = card.getByText('Change dates and Cancel come back here once the change waiting on this device has reached us.');
    await expect(why).toBeVisible();
    await expect(card.getByRole('button', { name: /^Cancel this request/ })).toHaveCount(0);

    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(card.getByText('Waiting to send')).toBeHidden({ timeout: 15_000 });
    await expect(why).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Cancel this request/ })).toBeVisible();
    expect(server.storage.queries.booking(booking!.id)).toMatchObject({ startDate: dayAhead(52), finishDate: dayAhead(53), status: 'pending' });
    expect(server.storage.store.readStream(`booking-${booking!.id}`).filter((e) => e.type === 'BookingDetailsChanged')).toHaveLength(1);

    // Confirmed by us while the form was open: the refusal is said (the card showed the change as waiting, without
    // the form, while it went), and once the card has caught up the button has gone, with a line saying whom to ask.
    // The pulls are held back until then: one landing after the confirmation would take the form away first.
    const release = await holdPulls(page);
    await open.click();
    const admin = new Client(server.url);
    await admin.loginAdmin();
    expect((await admin.request('PATCH', `/api/bookings/${booking!.id}`, { json: { status: 'confirmed' } })).status).toBe(200);
    await form.getByLabel(/^Start date/).fill(dayAhead(54));
    await form.getByLabel(/^Finish date/).fill(dayAhead(54));
    await form.getByRole('button', { name: 'Save the new dates' }).click();
    await expectToast(page, 'Not Changed', DATES_TOO_LATE);
    await expect(form).toHaveCount(0);
    await release();
    await page.getByRole('tab', { name: 'My Quotes' }).click();
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(card.locator('.status-badge')).toHaveText(/confirmed/i);
    await expect(card.getByRole('button', { name: /^Change dates/ })).toHaveCount(0);
    await expect(card).toContainText('To change the dates of a booked job, call us');
    expect(server.storage.queries.booking(booking!.id)!.startDate).toBe(dayAhead(52));
  });

  test('My Bookings lists the work to come soonest first, whatever order it was asked for in', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'ola.order@example.com');
    for (const [days, description] of [
      [30, 'Asked first, for a month on'],
      [10, 'Asked second, for ten days on'],
      [20, 'Asked last, for twenty days on'],
    ] as const) {
      const job = { firstName: 'Ola', email, serviceType: 'socket_installation', description, startDate: dayAhead(days), finishDate: dayAhead(days) };
      expect((await page.request.post('/api/bookings', { data: job })).status()).toBe(201);
    }
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const order = page.getByRole('list', { name: 'Your bookings' }).getByRole('definition').filter({ hasText: /^Asked/ });
    await expect(order).toHaveText(['Asked second, for ten days on', 'Asked last, for twenty days on', 'Asked first, for a month on']);
    // Cancelled here, the first stays where it is, under the focus, until the list is opened again: then it goes last.
    const first = page.getByRole('listitem').filter({ hasText: 'Asked second, for ten days on' });
    await first.getByRole('button', { name: /^Cancel this request/ }).click();
    await first.getByRole('button', { name: /^Yes, cancel it/ }).click();
    await expect(first.locator('.status-badge')).toHaveText(/cancelled/i);
    await expect(first.getByRole('heading', { level: 3 })).toBeFocused();
    await expect(order).toHaveText(['Asked second, for ten days on', 'Asked last, for twenty days on', 'Asked first, for a month on']);
    await page.getByRole('tab', { name: 'New Booking' }).click();
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(order).toHaveText(['Asked last, for twenty days on', 'Asked first, for a month on', 'Asked second, for ten days on']);
  });

  test('on a phone, new dates refused with the form still open are said at the top, not over Save the new dates', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { email } = await signedInCustomer(page, server, 'tia.toptoast@example.com');
    // Booked already (New Booking is another test's): through the API, as this page's customer.
    const day = dayAhead(44);
    const job = { firstName: 'Tia', email, serviceType: 'socket_installation', description: 'Dates refused on a phone', startDate: day, finishDate: day, startTime: '09:00', finishTime: '17:00' };
    expect((await page.request.post('/api/bookings', { data: job })).status()).toBe(201);
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Dates refused on a phone' });
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: /^New dates for/ });
    // A refusal that names no field (here made up on the way): the form stays for another try.
    const refusal = 'We could not take these dates just now.';
    await page.route('**/api/bookings/*/dates', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'refused', message: refusal, fields: {} } }) }),
    );
    await form.getByLabel(/^Start date/).fill(dayAhead(45));
    await form.getByLabel(/^Finish date/).fill(dayAhead(45));
    const save = form.getByRole('button', { name: 'Save the new dates' });
    await save.click();
    await expectToast(page, 'Not Changed', refusal);
    await expect(form).toBeVisible();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Not Changed' });
    await expect.poll(async () => (await toast.boundingBox())?.y ?? 844).toBeLessThan(844 / 2);
    const box = (await toast.boundingBox())!;
    const button = (await save.boundingBox())!;
    expect(button.y + button.height <= box.y || button.y >= box.y + box.height, 'the toast covers Save the new dates').toBe(true);
  });

  test('a cancellation sent after the job was confirmed is shown as not accepted, with the booking as it now stands', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'carl.toolate@example.com');
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(46), finishDate: dayAhead(46), description: 'Too late to cancel this one' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Too late to cancel this one' });
    await page.context().setOffline(true);
    await card.getByRole('button', { name: /^Cancel this request/ }).click();
    await card.getByRole('button', { name: /^Yes, cancel it/ }).click();
    await expectToast(page, 'Saved on this device');
    // Meanwhile the team confirms it.
    const [booking] = server.storage.queries.bookingsForCustomer(email, null);
    const admin = new Client(server.url);
    await admin.loginAdmin();
    expect((await admin.request('PATCH', `/api/bookings/${booking!.id}`, { json: { status: 'confirmed' } })).status).toBe(200);

    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(card.getByText(`Not accepted: ${CANCEL_TOO_LATE}`)).toBeVisible({ timeout: 15_000 });
    await expect(card.locator('.status-badge')).toHaveText(/confirmed/i);
    expect(server.storage.queries.booking(booking!.id)!.status).toBe('confirmed');

    // As the refusal says, a message about it: it goes at once (the refused cancellation held it back for good).
    await card.getByRole('button', { name: /^Chat/ }).click();
    await page.getByLabel('Your message').fill('Can we still call it off?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => server.storage.queries.messages(booking!.id).map((m) => m.content), { timeout: 15_000 }).toEqual(['Can we still call it off?']);
    await page.getByRole('button', { name: /Back to/ }).first().click();
    // The card says what to do about the refusal; put aside, the booking is as it stands, with nothing waiting.
    await card.getByRole('button', { name: /^Discard the change/ }).click();
    await expect(card.getByText(/^Not accepted/)).toHaveCount(0);
    await expect(card.getByRole('heading', { level: 3 })).toBeFocused();
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
  });

  test('a chat message can carry a photo: with no signal it waits on the device with it, and arrives once, its photo opening from the chat', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'phoebe.photo@example.com');
    await bookWith(page, { serviceType: 'fuse_box_upgrade', startDate: dayAhead(54), finishDate: dayAhead(54), description: 'A photo in the chat' });
    await expectToast(page, 'Booking Submitted');
    const booking = server.storage.queries.bookingsForCustomer(email, null).find((b) => b.description === 'A photo in the chat')!;
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('listitem').filter({ hasText: 'A photo in the chat' }).getByRole('button', { name: /^Chat/ }).click();
    const log = page.getByRole('log', { name: 'Messages' });

    await page.context().setOffline(true);
    await page.getByLabel('Your message').fill('This is the fuse box');
    await page.getByLabel('Add photos or documents').setInputFiles({ name: 'fusebox.png', mimeType: 'image/png', buffer: png().bytes });
    await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('fusebox.png');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectToast(page, 'Saved on this device');
    await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
    const mine = log.getByRole('listitem').filter({ hasText: 'This is the fuse box' });
    await expect(mine).toContainText('fusebox.png (on this device, goes with the message)');
    expect(server.storage.queries.messages(booking.id)).toEqual([]);

    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const link = mine.getByRole('link', { name: /fusebox\.png/ });
    // The photo goes up first (its link shows from then on), then the message that names it.
    await expect(link).toBeVisible({ timeout: 15_000 });
    await expect(mine).not.toContainText('Waiting to send');
    const stored = server.storage.queries.messages(booking.id);
    expect(stored.map((m) => m.content)).toEqual(['This is the fuse box']);
    const [file] = JSON.parse(stored[0]!.attachments!) as Array<{ filename: string; originalname: string }>;
    expect(file).toMatchObject({ originalname: 'fusebox.png' });
    expect((await page.request.get((await link.getAttribute('href'))!)).status()).toBe(200);
    await expectAxeClean(page);
  });

  test('a booking made offline, with its file, waits on the device and arrives exactly once after reconnecting', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'otto.offline@example.com');
    // The form's checks load on its first focus: let that happen while online.
    await focusWhileOnline(page.getByLabel(/^First name/));
    await page.context().setOffline(true);

    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(30), finishDate: dayAhead(30), description: 'Made with no signal' }, [
      { name: 'socket.png', mimeType: 'image/png', buffer: png().bytes },
    ]);
    await expectToast(page, 'Saved on this device');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Made with no signal' });
    await expect(card.getByText('Waiting to send')).toBeVisible();
    await expect(card).toContainText('socket.png (on this device, goes with the booking)');
    // One line says what the list is: this device's copy, and from when.
    const copyLine = page.getByText(/^Offline: showing this device’s copy from \d{1,2} \w{3} \d{4}, \d\d:\d\d$/);
    await expect(copyLine).toBeVisible();
    expect(server.storage.queries.bookingsForCustomer(email, null)).toHaveLength(0);
    // Try sending now with no signal says that nothing could go, rather than nothing at all.
    await page.getByRole('button', { name: /^Waiting to send/ }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting to send' });
    await panel.getByRole('button', { name: 'Try sending now' }).click();
    await expect(panel.getByRole('status')).toHaveText('Still no signal: nothing could be sent. It goes by itself when you’re back online.');
    await panel.getByRole('button', { name: 'Close', exact: true }).click();

    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(card.getByText('Pending')).toBeVisible({ timeout: 15_000 });
    await expect(copyLine).toBeHidden();
    await expect(card.getByRole('link', { name: /socket\.png/ })).toBeVisible();
    // Reconnecting again sends nothing twice.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
    const bookings = server.storage.queries.bookingsForCustomer(email, null);
    expect(bookings.map((b) => b.description)).toEqual(['Made with no signal']);
    expect(JSON.parse(bookings[0]!.attachments!)).toHaveLength(1);
  });

  test('a message half written in a booking’s chat is still there after going back to the bookings', async ({ page, server }) => {
    await signedInCustomer(page, server, 'mia.midway@example.com');
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(36), finishDate: dayAhead(36), description: 'To write about' });
    await expectToast(page, 'Booking Submitted');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'To write about' });
    await card.getByRole('button', { name: /^Chat/ }).click();
    await page.getByLabel('Your message').fill('The parking is at the back, and');
    await page.getByRole('button', { name: /Back to/ }).first().click();
    await card.getByRole('button', { name: /^Chat/ }).click();
    await expect(page.getByLabel('Your message')).toHaveValue('The parking is at the back, and');
    // And after the page is loaded again.
    await page.reload();
    await hydrated(page);
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await card.getByRole('button', { name: /^Chat/ }).click();
    await expect(page.getByLabel('Your message')).toHaveValue('The parking is at the back, and');
  });

  test('a booking the server refuses after waiting for a signal goes back into the form with its photo and its chat, is corrected, and arrives once', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'rhea.refused@example.com');
    const card = await bookedOffline(page, 31, 'Booked in the evening', [{ name: 'board.png', mimeType: 'image/png', buffer: png().bytes }]);
    // A message about it, queued after it.
    await card.getByRole('button', { name: /^Chat/ }).click();
    await page.getByLabel('Your message').fill('The fuse board is in the garage');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('button', { name: /Back to/ }).first().click();

    // The signal comes back after midnight: the server refuses the day, which has passed.
    await refusedAsItGoes(page, card, DAY_PASSED);

    await card.getByRole('button', { name: /^Correct and send again/ }).click();
    await expect(page.getByRole('tab', { name: 'New Booking' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('note').filter({ hasText: 'This is your booking that was not accepted' })).toBeVisible();
    await expect(page.locator('#booking-description')).toHaveValue('Booked in the evening');
    await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('board.png');
    await expect(page.getByText('Please choose today or a later date')).toBeVisible();
    await page.locator('#booking-startDate').fill(dayAhead(33));
    await page.locator('#booking-finishDate').fill(dayAhead(33));
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expectToast(page, 'Booking Submitted');

    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).length, { timeout: 15_000 }).toBe(1);
    const [booking] = server.storage.queries.bookingsForCustomer(email, null);
    expect(booking).toMatchObject({ description: 'Booked in the evening', startDate: dayAhead(33) });
    expect(JSON.parse(booking!.attachments!)).toHaveLength(1);
    // Its chat, queued after it, followed it.
    await expect.poll(() => server.storage.queries.messages(booking!.id).map((m) => m.content), { timeout: 15_000 }).toEqual(['The fuse board is in the garage']);
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
  });

  test('a new booking half typed when a refused one is brought back to be corrected is put aside, not lost, and put back after', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'ada.aside@example.com');
    const card = await bookedOffline(page, 41, 'The refused one');
    await refusedAsItGoes(page, card, DAY_PASSED);
    // Meanwhile the customer starts another booking.
    await page.getByRole('tab', { name: 'New Booking' }).click();
    await page.locator('#booking-description').fill('A second job, half typed');
    await page.locator('#booking-startDate').fill(dayAhead(50));
    await page.getByRole('tab', { name: 'My Bookings' }).click();

    await card.getByRole('button', { name: /^Correct and send again/ }).click();
    await expect(page.locator('#booking-description')).toHaveValue('The refused one');
    const aside = page.getByRole('note').filter({ hasText: 'The booking you were typing here is put aside' });
    await expect(aside).toContainText('The booking you were typing here is put aside while you correct this one, not lost.');
    await page.locator('#booking-startDate').fill(dayAhead(42));
    await page.locator('#booking-finishDate').fill(dayAhead(42));
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expectToast(page, 'Booking Submitted');
    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).length, { timeout: 15_000 }).toBe(1);

    await aside.getByRole('button', { name: 'Put back the booking I was typing' }).click();
    await expect(page.locator('#booking-description')).toHaveValue('A second job, half typed');
    await expect(page.locator('#booking-startDate')).toHaveValue(dayAhead(50));
    await expect(aside).toBeHidden();
  });

  test('put back before the refused booking is sent, the booking typed comes back whole, with nothing of the refused one', async ({ page, server }) => {
    await signedInCustomer(page, server, 'pia.putback@example.com');
    const card = await bookedOffline(page, 44, 'Refused, then left alone');
    await refusedAsItGoes(page, card, DAY_PASSED);
    await page.getByRole('tab', { name: 'New Booking' }).click();
    await page.locator('#booking-description').fill('The one I meant to send');
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await card.getByRole('button', { name: /^Correct and send again/ }).click();
    await expect(page.locator('#booking-serviceType')).toHaveValue('rewiring');
    await page.getByRole('button', { name: 'Put back the booking I was typing' }).click();
    await expect(page.locator('#booking-description')).toHaveValue('The one I meant to send');
    // What it had not chosen is as the form comes, not the refused booking's.
    await expect(page.locator('#booking-serviceType')).toHaveValue('');
    await expect(page.locator('#booking-startDate')).toHaveValue('');
  });

  test('a refused booking corrected with another photo in place of the first goes with the new photo (the upload was refused as a repeat of the old one)', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'phil.photos@example.com');
    const card = await bookedOffline(page, 37, 'The wrong photo first', [{ name: 'wrong.png', mimeType: 'image/png', buffer: png().bytes }]);
    // Its photo goes up as the signal returns; the booking itself is refused.
    await refusedAsItGoes(page, card, DAY_PASSED);

    await card.getByRole('button', { name: /^Correct and send again/ }).click();
    await page.getByRole('button', { name: 'Remove wrong.png' }).click();
    await page.getByLabel('Photos and documents').setInputFiles({ name: 'right.png', mimeType: 'image/png', buffer: Buffer.concat([png().bytes, Buffer.from([0])]) });
    await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('right.png');
    await page.locator('#booking-startDate').fill(dayAhead(38));
    await page.locator('#booking-finishDate').fill(dayAhead(38));
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expectToast(page, 'Booking Submitted');

    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).length, { timeout: 15_000 }).toBe(1);
    const [booking] = server.storage.queries.bookingsForCustomer(email, null);
    expect(JSON.parse(booking!.attachments!).map((file: { originalname: string }) => file.originalname)).toEqual(['right.png']);
  });

  test('a refused booking sent again from Waiting to send while its correction is open is not made twice when the correction is sent', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'tess.twice@example.com');
    const card = await bookedOffline(page, 39, 'Only once, please');
    await refusedAsItGoes(page, card, { error: { code: 'validation_failed', message: 'We could not take this booking just now' } });

    // The correction open in the form, the same booking is sent again as it was from Waiting to send, and arrives.
    await card.getByRole('button', { name: /^Correct and send again/ }).click();
    await expect(page.locator('#booking-description')).toHaveValue('Only once, please');
    await page.getByRole('button', { name: /waiting to send/i }).click();
    await page.getByRole('dialog', { name: 'Waiting to send' }).getByRole('button', { name: /^Send again/ }).click();
    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).length, { timeout: 15_000 }).toBe(1);
    await page.keyboard.press('Escape');

    await page.locator('#booking-startDate').fill(dayAhead(40));
    await page.locator('#booking-finishDate').fill(dayAhead(40));
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expect(page.getByText('This booking has reached us as it was').first()).toBeVisible();
    expect(server.storage.queries.bookingsForCustomer(email, null).map((b) => b.startDate)).toEqual([dayAhead(39)]);
  });

  test('what was typed into New Booking, photos too, is still there after a look at another tab, and goes once sent', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'tara.tabs@example.com');
    await page.locator('#booking-serviceType').selectOption('rewiring');
    await page.locator('#booking-startDate').fill(dayAhead(40));
    await page.locator('#booking-description').fill('Half typed, then a look at My Bookings');
    await page.getByLabel('Photos and documents').setInputFiles([{ name: 'loft.png', mimeType: 'image/png', buffer: png().bytes }]);

    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
    await page.getByRole('tab', { name: 'New Booking' }).click();

    await expect(page.locator('#booking-description')).toHaveValue('Half typed, then a look at My Bookings');
    await expect(page.locator('#booking-serviceType')).toHaveValue('rewiring');
    await expect(page.locator('#booking-startDate')).toHaveValue(dayAhead(40));
    await expect(page.locator('#booking-finishDate')).toHaveValue(dayAhead(40));
    await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('loft.png');
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expectToast(page, 'Booking Submitted');
    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).length).toBe(1);

    // Sent, it is gone from the form: the next look at another tab brings back an empty one.
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('tab', { name: 'New Booking' }).click();
    await expect(page.locator('#booking-description')).toHaveValue('');
    await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
  });

  test('a booking made while our server cannot be reached (the phone has signal) is kept, said so in the server’s words, and arrives once', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { email } = await signedInCustomer(page, server, 'uri.unreached@example.com');
    // The form's checks load on its first focus: let that happen while the server answers.
    await focusWhileOnline(page.getByLabel(/^First name/));
    // Every call to our server refused (it is down, or a network between), the browser online.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));

    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(32), finishDate: dayAhead(32), description: 'Made with our server down' });
    const saved = 'Saved — our server cannot be reached just now; it goes by itself as soon as it can.';
    await expectToast(page, 'Saved on this device', saved);
    await expect(page.getByRole('status').filter({ hasText: `${saved} It shows in My Bookings as waiting to send.` })).toBeVisible();
    await expect(page.locator('.outbox-bar__offline')).toContainText('Our server cannot be reached just now.');
    await expect(page.getByText(/offline|back online/i)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('phone-portal-unreachable-booking.png') });
    expect(server.storage.queries.bookingsForCustomer(email, null)).toHaveLength(0);

    // The server answers again: the next try (seconds away) sends it, once.
    await page.unroute('**/api/**');
    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).map((b) => b.description), { timeout: 15_000 }).toEqual(['Made with our server down']);
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
    await expect(page.locator('.outbox-bar__offline')).toBeHidden();
  });

  test('a photo whose upload reached us but whose answer was lost to the signal is kept once, and the booking arrives once with it', async ({ page, server }) => {
    const { email, id } = await signedInCustomer(page, server, 'una.upload@example.com');
    const photo = png().bytes;
    // The signal goes just as the upload ends: the server has stored the photo, the phone never hears so.
    let cut = false;
    await page.route(
      '**/api/upload',
      async (route) => {
        await route.fetch();
        cut = true;
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(31), finishDate: dayAhead(31), description: 'Photo on a weak signal' }, [
      { name: 'fuse-box.png', mimeType: 'image/png', buffer: photo },
    ]);
    await expect.poll(() => cut).toBe(true);
    await expect(page.getByRole('button', { name: /waiting to send \(1\)/i })).toBeVisible();

    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => server.storage.queries.bookingsForCustomer(email, null).map((b) => b.description)).toEqual(['Photo on a weak signal']);
    expect(JSON.parse(server.storage.queries.bookingsForCustomer(email, null)[0]!.attachments!)).toHaveLength(1);
    // One copy kept and counted against the day's upload allowance, not one per try.
    expect(server.storage.queries.uploadUsage(id, '1970-01-01T00:00:00.000Z').bytes).toBe(photo.length);
  });

  test('quick booking: a day picked on the calendar is booked from and to that day', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'quincy.quick@example.com');
    const calendar = page.getByRole('grid');
    const first = calendar.locator('button[tabindex="0"]');
    const today = (await first.getAttribute('data-day'))!;
    // By keyboard: from the first day offered one day on (past a bank holiday, which cannot be picked), then pick it.
    await first.focus();
    let day = today;
    do {
      await page.keyboard.press('ArrowRight');
      day = addDays(day, 1);
      await expect(calendar.locator(`button[data-day="${day}"]`)).toBeFocused();
    } while (bankHoliday(day));
    await page.keyboard.press('Enter');
    const picked = new Date(`${day}T00:00:00Z`);
    const quick = page.getByRole('form', { name: 'Quick booking' });
    await expect(quick.getByLabel(/^Service type/)).toBeFocused();
    await quick.getByLabel(/^Service type/).selectOption('electrical_repair');
    await quick.getByLabel(/What needs doing/).fill('A socket sparks');
    // Where to go and whom to ring: a first booking has neither to offer, so the customer types them.
    await quick.getByLabel(/^Address of the work/).fill('12 Quick Lane, Staines');
    await quick.getByLabel(/^Phone/).fill('01632 960777');
    await quick.getByRole('button', { name: /^Book / }).click();
    await expectToast(page, 'Booking Submitted');
    // The form goes once booked: the focus goes to what became of the booking, under the calendar, not to the body.
    await expect(page.getByText(/Booking submitted\. You can follow it under My Bookings/).filter({ visible: true })).toBeFocused();
    await expect
      .poll(() => server.storage.queries.bookingsForCustomer(email, null).map((b) => [b.startDate, b.finishDate, b.startTime, b.finishTime, b.serviceType, b.address, b.phone]))
      .toEqual([[day, day, '09:00', [0, 6].includes(picked.getUTCDay()) ? '16:00' : '17:00', 'electrical_repair', '12 Quick Lane, Staines', '01632 960777']]);
    // The day booked has a dot on the month, and its button says so; the days around it do not.
    const booked = calendar.locator(`button[data-day="${day}"]`);
    await expect(booked).toHaveAccessibleName(new RegExp(`, you have a booking then$`));
    await expect(booked.locator('.month__mark')).toBeVisible();
    await expect(calendar.locator('.month__mark')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Quick booking' })).toContainText('A dot marks a day you have booked already.');
    // The next day picked offers them again, as New Booking does.
    await calendar.locator(`button[data-day="${day}"]`).click();
    await expect(quick.getByLabel(/^Address of the work/)).toHaveValue('12 Quick Lane, Staines');
    await expect(quick.getByLabel(/^Phone/)).toHaveValue('01632 960777');
    await quick.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('quick-booking.png') });
    // From the top of the page: where the form's answer leaves it scrolled, the sticky header covers part of the
    // calendar, and axe counts a day under it as a target too small to tap (it is whole once scrolled to).
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await scrollStopped(page);
    await expectAxeClean(page);
  });

  test('booking the same work on days already booked says so, in New Booking and in Quick booking; other work does not', async ({ page, server }) => {
    await signedInCustomer(page, server, 'abe.already-booked@example.com');
    // The first day Quick booking offers, so that its calendar shows it.
    const day = (await page.getByRole('region', { name: 'Quick booking' }).locator('button[tabindex="0"]').getAttribute('data-day'))!;
    await bookWith(page, { serviceType: 'socket_installation', startDate: day, finishDate: dayAhead(3), description: 'Sockets booked once' });
    await expectToast(page, 'Booking Submitted');
    const already = page.getByText(/^You already have a booking for Socket Installation on these days/);
    // The form emptied once it went: its own booking is not "already" there.
    await expect(already).toHaveCount(0);

    await page.locator('#booking-serviceType').selectOption('socket_installation');
    await page.locator('#booking-startDate').fill(dayAhead(3));
    await page.locator('#booking-finishDate').fill(dayAhead(4));
    await expect(already).toBeVisible();
    await expect(already).toContainText('see it under My Bookings');
    await page.locator('#booking-startDate').fill(dayAhead(5));
    await page.locator('#booking-finishDate').fill(dayAhead(5));
    await expect(already).toBeHidden();
    await page.locator('#booking-startDate').fill(day);
    await expect(already).toBeVisible();
    await page.locator('#booking-serviceType').selectOption('rewiring');
    await expect(already).toBeHidden();

    const quick = page.getByRole('region', { name: 'Quick booking' });
    await quick.locator(`button[data-day="${day}"]`).click();
    await quick.getByLabel(/^Service type/).selectOption('socket_installation');
    await expect(quick.getByText(/^You already have a booking for Socket Installation on these days/)).toBeVisible();
    await quick.getByLabel(/^Service type/).selectOption('lighting_installation');
    await expect(quick.getByText(/^You already have a/)).toBeHidden();
  });

  test('New Booking’s own hours follow the days picked; hours outside the business’s opening hours are said to be, in New Booking and in Change dates', async ({ page, server }) => {
    await signedInCustomer(page, server, 'sal.saturday@example.com');
    // A Wednesday (8:00–18:00) two weeks on or more and the Saturday (9:00–16:00) after it, with no bank holiday
    // between them (one is named as closed, a weekday's hours being those of its other weeks).
    const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
    let wednesday = dayAhead(14);
    while (weekday(wednesday) !== 3 || bankHolidaysBetween(wednesday, addDays(wednesday, 3)).length > 0) wednesday = addDays(wednesday, 1);
    const saturday = addDays(wednesday, 3);
    const outside = page.getByText(/^That is outside our usual hours/);
    await page.locator('#booking-serviceType').selectOption('electrical_repair');
    // The form's own 09:00–17:00 follows the days picked: a Saturday's closing is 16:00, and back on a weekday, 17:00.
    await page.locator('#booking-startDate').fill(saturday);
    await expect(page.locator('#booking-finishTime')).toHaveValue('16:00');
    await expect(outside).toHaveCount(0);
    // And says why, rather than 16:00 turning up unexplained.
    const fitted = page.getByText(/within our usual hours/);
    await expect(fitted).toHaveText('Finishing at 16:00 keeps the job within our usual hours (Saturday 9:00–16:00).');
    // Away to another tab and back, and after a reload: still following the days.
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('tab', { name: 'New Booking' }).click();
    await expect(page.locator('#booking-finishTime')).toHaveValue('16:00');
    await page.reload();
    await expect(page.locator('#booking-startDate')).toHaveValue(saturday);
    await expect(page.locator('#booking-finishTime')).toHaveValue('16:00');
    await page.locator('#booking-serviceType').selectOption('electrical_repair');
    await page.locator('#booking-startDate').fill(wednesday);
    await page.locator('#booking-finishDate').fill(wednesday);
    await expect(page.locator('#booking-finishTime')).toHaveValue('17:00');
    await expect(fitted).toHaveCount(0);
    // A job of several days keeps the same hours each day: Wednesday to the Saturday after it, to Saturday's closing.
    await page.locator('#booking-finishDate').fill(addDays(wednesday, 3));
    await expect(page.locator('#booking-finishTime')).toHaveValue('16:00');
    await expect(fitted).toHaveText('Finishing at 16:00 each day keeps the job within our usual hours (Saturday 9:00–16:00).');
    await page.locator('#booking-startDate').fill(saturday);
    await page.locator('#booking-finishDate').fill(saturday);
    await expect(page.locator('#booking-finishTime')).toHaveValue('16:00');
    // Hours the customer types are theirs: said to be outside, and kept when the days change.
    await page.locator('#booking-finishTime').fill('17:00');
    await expect(outside).toHaveText('That is outside our usual hours (Saturday 9:00–16:00). We will confirm it with you or suggest another time.');
    await page.locator('#booking-finishTime').fill('16:00');
    await expect(outside).toBeHidden();
    await page.locator('#booking-startDate').fill(wednesday);
    await page.locator('#booking-finishDate').fill(wednesday);
    // Typed, 16:00 is the customer's, though the form had set it too.
    await expect(page.locator('#booking-finishTime')).toHaveValue('16:00');
    await page.locator('#booking-startTime').fill('07:00');
    await expect(outside).toHaveText(/\(Wednesday 8:00–18:00\)/);
    await page.locator('#booking-startDate').fill(saturday);
    await page.locator('#booking-finishDate').fill(saturday);
    await expect(page.locator('#booking-startTime')).toHaveValue('07:00');
    await expect(outside).toHaveText(/\(Saturday 9:00–16:00\)/);
    await page.locator('#booking-startDate').fill(wednesday);
    await page.locator('#booking-finishDate').fill(wednesday);
    await page.locator('#booking-startTime').fill('08:00');
    await page.locator('#booking-description').fill('Hours checked against the footer');
    await page.getByRole('button', { name: 'Submit booking' }).click();
    await expectToast(page, 'Booking Submitted');

    // Change dates to the Saturday, the hours kept: said there too.
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Hours checked against the footer' });
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: /^New dates for/ });
    await expect(form.getByText(/^That is outside our usual hours/)).toBeHidden();
    await form.getByLabel(/^Start date/).fill(saturday);
    await form.getByLabel(/^Finish date/).fill(saturday);
    await expect(form.getByText(/^That is outside our usual hours/)).toHaveText(/\(Saturday 9:00–16:00\)/);
  });

  test('quick booking offers today in the morning, and from midday starts tomorrow and says to call for today', async ({ page, server }) => {
    // The UK's today, at 08:30 and at 13:00 UTC (08:30 or 09:30, and 13:00 or 14:00, UK time).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const next = tomorrow.toISOString().slice(0, 10);
    test.skip(Boolean(bankHoliday(today) || bankHoliday(next)), 'Quick booking offers no bank holiday: this test needs today and tomorrow open');
    await page.clock.setFixedTime(new Date(`${today}T08:30:00Z`));
    const { email } = await signedInCustomer(page, server, 'morgan.midday@example.com');
    const panel = page.getByRole('region', { name: 'Quick booking' });
    const day = (d: string) => panel.locator(`button[data-day="${d}"]`);
    // Today can be picked, and it is where the calendar starts.
    await expect(day(today)).toHaveAttribute('tabindex', '0');
    await expect(day(today)).not.toHaveAttribute('aria-disabled');
    await expect(day(today)).toHaveAttribute('aria-current', 'date');
    await expect(panel.getByText(/For a job today, call us/)).toHaveCount(0);

    // Picked in the morning, sent after midday (the page left open): refused on the page, nothing sent.
    await day(today).click();
    const quick = page.getByRole('form', { name: 'Quick booking' });
    await quick.getByLabel(/^Service type/).selectOption('electrical_repair');
    await quick.getByLabel(/^Address of the work/).fill('3 Noon Row, Staines');
    await quick.getByLabel(/^Phone/).fill('01632 960734');
    await page.clock.setFixedTime(new Date(`${today}T13:00:00Z`));
    await quick.getByRole('button', { name: /^Book / }).click();
    const late = panel.locator('.portal-quick__booked');
    await expect(late).toHaveText('It is too late in the day to book today here: please pick another day, or call us.');
    await expect(late).toBeFocused();
    await expect(quick).toBeHidden();
    expect(server.storage.queries.bookingsForCustomer(email, null)).toEqual([]);

    await page.reload();
    // Today is still marked as today, but cannot be picked; the calendar starts on tomorrow (next month's first
    // day on a month's last), and the panel gives the number to ring for today.
    const start = panel.locator('button[tabindex="0"]');
    await expect(start).toHaveAttribute('data-day', next);
    await expect(start).not.toHaveAttribute('aria-disabled');
    if (next.slice(0, 7) === today.slice(0, 7)) {
      await expect(day(today)).toHaveAttribute('aria-disabled', 'true');
      await expect(day(today)).toHaveAttribute('aria-current', 'date');
    }
    await expect(panel.getByText(/For a job today, call us on/).getByRole('link')).toHaveAttribute('href', /^tel:/);
  });

  test('quick booking does not offer a bank holiday: it is shaded and named, and pressed says why and how to reach us', async ({ page, server }) => {
    await signedInCustomer(page, server, 'hollie.holiday@example.com');
    const panel = page.getByRole('region', { name: 'Quick booking' });
    await expect(panel).toContainText('Bank holidays, when we are closed, are shaded.');
    // The next one after the first day offered, whatever today is: the calendar turned to its month.
    const first = (await panel.locator('button[tabindex="0"]').getAttribute('data-day'))!;
    const holiday = bankHolidaysBetween(addDays(first, 1), addDays(first, 400))[0]!;
    const title = panel.locator('#month-title');
    while (!(await panel.locator(`button[data-day="${holiday.day}"]`).count())) {
      const month = await title.textContent();
      await panel.getByRole('button', { name: 'Next month' }).click();
      await expect(title).not.toHaveText(month!);
    }
    const day = panel.locator(`button[data-day="${holiday.day}"]`);
    await expect(day).toHaveAttribute('aria-disabled', 'true');
    expect(await day.getAttribute('aria-label')).toMatch(/^\w+day,? \d{1,2} \w+ \d{4}, /);
    expect((await day.getAttribute('aria-label'))!.endsWith(`, ${bankHolidayWords(holiday)}, when we are closed`)).toBe(true);
    // Shaded, not struck through as the days gone by are.
    expect(await day.evaluate((button) => [getComputedStyle(button).backgroundImage, getComputedStyle(button).textDecorationLine])).toEqual([
      expect.stringContaining('gradient'),
      'none',
    ]);
    // Pressed, as a finger or a mouse can (Playwright waits for a day marked disabled to be enabled: force).
    await day.click({ force: true });
    await expect(panel.getByRole('status').filter({ hasText: 'bank holiday' })).toHaveText(
      `${dayWords(holiday.day)} is ${bankHolidayWords(holiday)}, when we are closed. For an emergency, call us on 01632 960123.`,
    );
    // Nothing to fill in for it, and the focus stays on the day, to go on to another with the arrow keys.
    await expect(page.getByRole('form', { name: 'Quick booking' })).toBeHidden();
    await expect(day).toBeFocused();
    // Another month shown: the words go with the month they were about.
    const shown = await title.textContent();
    await panel.getByRole('button', { name: 'Next month' }).click();
    await expect(title).not.toHaveText(shown!);
    await expect(panel.locator('.month__closed')).toBeEmpty();
    await panel.getByRole('button', { name: 'Previous month' }).click();
    await expect(title).toHaveText(shown!);
    await expect(panel.locator('.month__closed')).toBeEmpty();
    await day.click({ force: true });
    await expect(panel.locator('.month__closed')).not.toBeEmpty();
    // Another day picked: the words go, and the form is for that day.
    await page.keyboard.press(bankHoliday(addDays(holiday.day, 1)) ? 'ArrowLeft' : 'ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('form', { name: 'Quick booking' })).toBeVisible();
    await expect(panel.locator('.month__closed')).toBeEmpty();

    // New Booking takes the day (the business confirms or suggests another), and says it is closed then, with the date.
    await page.locator('#booking-startDate').fill(holiday.day);
    await expect(page.getByText(/^We are closed on/)).toHaveText(
      `We are closed on ${holiday.name} (${dayWords(holiday.day)}), a bank holiday. We will confirm it with you or suggest another time.`,
    );
  });

  test('quick booking on a Saturday books the day to its closing time, not past it', async ({ page, server }) => {
    const { email } = await signedInCustomer(page, server, 'quinn.quick-saturday@example.com');
    const panel = page.getByRole('region', { name: 'Quick booking' });
    await expect(panel).toContainText('Pick a day for a one-day job, 09:00–17:00 (Saturday and Sunday 09:00–16:00).');
    // Not today, should today be a Saturday: its morning could turn midday before Book, and the day be refused.
    const saturdays = () =>
      panel
        .locator('button[data-day]:not([aria-disabled])')
        .evaluateAll((days) => days.map((day) => day.getAttribute('data-day')!))
        .then((days) => days.filter((day) => day !== dayAhead(0) && new Date(`${day}T00:00:00Z`).getUTCDay() === 6));
    // The month shown may have no Saturday left to offer (its last days): then the next one.
    if ((await saturdays()).length === 0) await panel.getByRole('button', { name: 'Next month' }).click();
    const saturday = (await saturdays())[0]!;
    await panel.locator(`button[data-day="${saturday}"]`).click();
    const quick = page.getByRole('form', { name: 'Quick booking' });
    await expect(quick.locator('.portal-quick__day')).toHaveText(/^Booking for .+, 09:00–16:00$/);
    await quick.getByLabel(/^Service type/).selectOption('fuse_box_upgrade');
    await quick.getByLabel(/^Address of the work/).fill('6 Weekend Way, Staines');
    await quick.getByLabel(/^Phone/).fill('01632 960735');
    // Within the day's hours: nothing to warn of.
    await expect(quick.getByText(/^That is outside our usual hours/)).toHaveCount(0);
    await quick.getByRole('button', { name: /^Book / }).click();
    await expectToast(page, 'Booking Submitted');
    await expect
      .poll(() => server.storage.queries.bookingsForCustomer(email, null).map((b) => [b.startDate, b.finishDate, b.startTime, b.finishTime]))
      .toEqual([[saturday, saturday, '09:00', '16:00']]);
  });
});

/** The server's refusal of a booking whose day passed while it waited for a signal. */
const DAY_PASSED = { error: { code: 'validation_failed', message: 'Please check the highlighted fields', fields: { startDate: 'Please choose today or a later date' } } };

/** A booking `days` ahead (with its files) made in New Booking with no signal: its card in My Bookings, waiting to send. */
async function bookedOffline(page: Page, days: number, description: string, files: Array<{ name: string; mimeType: string; buffer: Buffer }> = []): Promise<Locator> {
  await focusWhileOnline(page.getByLabel(/^First name/));
  await page.context().setOffline(true);
  await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(days), finishDate: dayAhead(days), description }, files);
  await expectToast(page, 'Saved on this device');
  await page.getByRole('tab', { name: 'My Bookings' }).click();
  return page.getByRole('listitem').filter({ hasText: description });
}

/** The signal back: the booking's files go up, and the server refuses the booking itself with `refusal`, as its card says. */
async function refusedAsItGoes(page: Page, card: Locator, refusal: unknown): Promise<void> {
  await page.route('**/api/bookings', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refusal) }) : route.fallback(),
  );
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(card.getByText('Not accepted')).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/bookings');
}
