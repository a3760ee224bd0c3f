import type { Page, Route } from '@playwright/test';
import { bookingReference } from '#domain/reference.ts';
import { addJob, adminClient, customer, customerBooking, expectCounters, inOnePull, jobCard, outboxCount, outboxItems, pullNow, quoteRequest, serverCounts, signIn, ukDay } from './admin-seed.ts';
import { ADMIN } from '../support/server.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { deviceRow, expectAxeClean, outboxMails } from './portal-helpers.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** How many times the device tried to send what waits in its outbox. */
async function outboxAttempts(page: Page): Promise<number> {
  return (await outboxItems(page)).reduce((sum, item) => sum + item.attempts, 0);
}

test.describe('the admin’s bookings', () => {
  test('a status change moves the counters at once and reaches the server once, with the job’s version', async ({ page, server }) => {
    const pat = await customer(server, 'pat.status@example.com', 'Pat', 'Status');
    const booking = await customerBooking(pat, 'pat.status@example.com', { firstName: 'Pat', lastName: 'Status' });
    await signIn(page);
    const before = serverCounts(server);
    await expectCounters(page, before);

    const card = jobCard(page, 'Pat Status');
    // By its role: her name has Status in it, and so has every label that names her job ("Notes on Pat Status’s job").
    await card.getByRole('combobox', { name: /^Status of/ }).selectOption('in_progress');
    await expectCounters(page, { ...before, pending: String(Number(before.pending) - 1), progress: String(Number(before.progress) + 1) });
    await expect(page.getByText('Booking Updated')).toBeVisible();
    // Work starting is no news to the customer: no email, and the toast says none.
    await expect(page.getByText('Pat Status: in progress.', { exact: true })).toBeVisible();
    await expect(card.locator('.status-badge')).toHaveText('in progress');
    await expectCounters(page, serverCounts(server));
    const history = server.storage.store.readStream(`booking-${booking.id}`).map((e) => e.type);
    expect(history).toEqual(['BookingRequested', 'BookingStatusChanged']);

    // The history says who did it.
    await card.getByRole('button', { name: /History/ }).click();
    await expect(card.locator('.admin-history')).toContainText('Status changed from pending to in progress');
    await expect(card.locator('.admin-history')).toContainText('Admin User');
  });

  test('a job’s history that gets no answer is given up in time and said as our server not reached; opened again, it loads', async ({ page, server }) => {
    const hal = await customer(server, 'hal.history@example.com', 'Hal', 'History');
    await customerBooking(hal, 'hal.history@example.com', { firstName: 'Hal', lastName: 'History' });
    await page.clock.install();
    await signIn(page);
    const card = jobCard(page, 'Hal History');
    // One bar of signal: the request goes out and nothing comes back.
    await page.route('**/api/bookings/*/history', () => undefined);
    await card.getByRole('button', { name: /^History/ }).click();
    await expect(card.locator('.admin-history')).toHaveText('Loading the history…');
    await page.clock.fastForward(21_000);
    await expect(card.locator('.admin-history')).toHaveText('Our server cannot be reached just now: the history needs it. Try again in a minute.');

    await page.unroute('**/api/bookings/*/history');
    await card.getByRole('button', { name: /^History/ }).click();
    await card.getByRole('button', { name: /^History/ }).click();
    await expect(card.locator('.admin-history')).toContainText('Booking requested');
  });

  test('a status stepped to with the keyboard is sent once, when Enter is pressed or the selector left; Esc keeps the status', async ({ page, server }) => {
    const kim = await customer(server, 'kim.keys@example.com', 'Kim', 'Keys');
    const booking = await customerBooking(kim, 'kim.keys@example.com', { firstName: 'Kim', lastName: 'Keys' });
    await signIn(page);
    const card = jobCard(page, 'Kim Keys');
    const status = card.getByRole('combobox', { name: /^Status of/ });
    const hint = card.getByRole('status').filter({ hasText: 'Press Enter' });
    const changes = () => server.storage.store.readStream(`booking-${booking.id}`).flatMap((e) => (e.type === 'BookingStatusChanged' ? [e.data.to] : []));

    // Down twice from pending: in progress is shown and said, nothing sent (each step was a change, and confirmed mails the customer).
    await status.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(status).toHaveValue('in_progress');
    await expect(hint).toHaveText('Press Enter to make it in progress, or Esc to keep it pending.');
    await page.keyboard.press('Escape');
    await expect(status).toHaveValue('pending');
    await expect(hint).toHaveCount(0);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(card.locator('.status-badge')).toHaveText('in progress');
    await expect(page.getByText('Kim Keys: in progress.', { exact: true })).toBeVisible();
    await expect.poll(changes).toEqual(['in_progress']);
    await expect(status).toBeFocused();

    // One more step, then away with Tab: made on leaving.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(card.locator('.status-badge')).toHaveText('completed');
    await expect.poll(changes).toEqual(['in_progress', 'completed']);
    // The server has it before the tablet has read its answer and let the item go.
    await expect.poll(() => outboxCount(page)).toBe(0);
  });

  test('Find a job and Find a contact find a phone typed with +44 or no spaces, a postcode without its space, an iPad’s O’Brien, obrien, Mrs O Brien and Mill Ln', async ({ page, server }) => {
    const sio = await customer(server, 'siobhan.search@example.com', 'Siobhan', "O'Brien");
    await customerBooking(sio, 'siobhan.search@example.com', { firstName: 'Siobhan', lastName: "O'Brien", phone: '07700 900102', address: '4 Mill Lane, Staines TW18 2EA' });
    const ken = await customer(server, 'ken.plus@example.com', 'Ken', 'Plus');
    await customerBooking(ken, 'ken.plus@example.com', { firstName: 'Ken', lastName: 'Plus', phone: '+44 7700 900109' });
    await signIn(page);
    const find = page.getByRole('searchbox', { name: 'Find a job' });
    const only = async (name: string) => {
      await expect(page.locator('.admin-job')).toHaveCount(1);
      await expect(jobCard(page, name)).toBeVisible();
    };
    for (const typed of ['07700900102', '+44 7700 900102', 'tw182ea', 'O’Brien', 'Siobhan O’Brien', 'obrien', 'Mrs O Brien', '4 mill ln']) {
      await find.fill(typed);
      await only("Siobhan O'Brien");
    }
    await find.fill('07700900109');
    await only('Ken Plus');

    await page.getByRole('tab', { name: 'Contacts' }).click();
    const contacts = page.getByRole('searchbox', { name: 'Find a contact' });
    for (const [typed, name] of [['o’brien', "Siobhan O'Brien"], ['Ms OBrien', "Siobhan O'Brien"], ['07700 900109', 'Ken Plus']] as const) {
      await contacts.fill(typed);
      await expect(page.locator('.admin-contact')).toHaveCount(1);
      await expect(page.locator('.admin-contact').getByRole('heading', { name })).toBeVisible();
    }
  });

  test('while the job list catches up with what is typed in Find a job it is marked as out of date, never shown as the answer', async ({ page, server }) => {
    const dee = await customer(server, 'dee.ferred@example.com', 'Dee', 'Ferred');
    await customerBooking(dee, 'dee.ferred@example.com', { firstName: 'Dee', lastName: 'Ferred' });
    await signIn(page);
    const results = page.locator('.admin-results');
    // The device's copy complete first: jobs arriving mid-typing would change the list for reasons of their own.
    await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
    await expect(jobCard(page, 'Dee Ferred')).toBeVisible();
    // Every state the list is drawn in while the admin types, as the page shows it: marked busy or not, what the box
    // held, and the count the list said.
    await results.evaluate((element) => {
      const seen: Array<{ busy: boolean; typed: string; count: string }> = [];
      (window as unknown as { listStates: typeof seen }).listStates = seen;
      const box = document.querySelector<HTMLInputElement>('input[type="search"]')!;
      const record = () => seen.push({ busy: element.getAttribute('aria-busy') === 'true', typed: box.value, count: element.querySelector('.admin-count, .admin-empty')?.textContent ?? '' });
      new MutationObserver(record).observe(element, { attributes: true, childList: true, subtree: true, characterData: true });
    });
    const find = page.getByRole('searchbox', { name: 'Find a job' });
    await find.click();
    await page.keyboard.type('Ferred');
    await expect(page.locator('.admin-job')).toHaveCount(1);
    await expect(jobCard(page, 'Dee Ferred')).toBeVisible();
    await expect(results).not.toHaveAttribute('aria-busy');
    const states = await page.evaluate(() => (window as unknown as { listStates: Array<{ busy: boolean; typed: string; count: string }> }).listStates);
    // What the list says for each thing typed, once it has caught up.
    const settled = new Map<string, string>();
    for (const typed of new Set(states.map((state) => state.typed))) {
      await find.fill(typed);
      await expect(results).not.toHaveAttribute('aria-busy');
      settled.set(typed, (await results.locator('.admin-count, .admin-empty').first().textContent()) ?? '');
    }
    // It was marked busy while behind the box, and whenever it was not marked, it was the list for what the box held.
    expect(states.some((state) => state.busy)).toBe(true);
    for (const state of states.filter((s) => !s.busy)) expect(state.count, `list shown as final for "${state.typed}"`).toBe(settled.get(state.typed));
  });

  test('under "Show: Pending" a job whose status changes stays on the list until the filter changes', async ({ page, server }) => {
    const pia = await customer(server, 'pia.pending@example.com', 'Pia', 'Pending');
    await customerBooking(pia, 'pia.pending@example.com', { firstName: 'Pia', lastName: 'Pending' });
    await signIn(page);
    await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption('pending');
    const card = jobCard(page, 'Pia Pending');
    const status = card.getByLabel('Status');
    await status.selectOption('confirmed');
    await expect(page.getByText('Booking Updated')).toBeVisible();
    // A confirmation is: the customer is mailed, and the toast says they will be.
    await expect(page.getByText('Pia Pending: confirmed. Pia gets an email saying so.')).toBeVisible();
    await expect.poll(() => outboxMails(server).filter((m) => m.kind === 'booking-confirmed' && m.to === 'pia.pending@example.com').length).toBe(1);
    await expect.poll(() => server.storage.queries.bookings().find((b) => b.firstName === 'Pia')?.status).toBe('confirmed');
    // Still there once the server has it (the tablet's copy says confirmed too).
    await expect(card.locator('.status-badge')).toHaveText('confirmed');
    await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption('confirmed');
    await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption('pending');
    await expect(card).toHaveCount(0);
  });

  test('Add Manual Booking keeps what was typed while the admin looks at the calendar, and when the tablet closes the app, and Cancel asks before throwing it away', async ({ page: first, context }) => {
    let page = first;
    await signIn(page);
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    await page.getByLabel(/^First name/).fill('Phil');
    await page.getByLabel(/^Phone/).fill('01632 960444');
    await page.getByLabel(/^Job details/).fill('Outside socket by the patio');
    // A look at the calendar for a free day, and back.
    await page.getByRole('tab', { name: /^Cal/ }).click();
    await page.getByRole('tab', { name: /^(Jobs|Bookings)/ }).click();
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    await expect(page.getByText('What you typed before is still here.')).toBeVisible();
    await expect(page.getByLabel(/^First name/)).toHaveValue('Phil');
    await expect(page.getByLabel(/^Phone/)).toHaveValue('01632 960444');
    await expect(page.getByLabel(/^Job details/)).toHaveValue('Outside socket by the patio');
    // The tablet closes the app left in the background (the tab and its storage go), and it is opened again: a job
    // taken on the phone is still there.
    await page.close();
    page = await context.newPage();
    await page.goto('/admin');
    await hydrated(page);
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    await expect(page.getByText('What you typed before is still here.')).toBeVisible();
    await expect(page.getByLabel(/^Phone/)).toHaveValue('01632 960444');
    await expect(page.getByLabel(/^Job details/)).toHaveValue('Outside socket by the patio');

    // Cancel asks first; Keep editing keeps it all, Discard ends it for good.
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await cancel.click();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByLabel(/^First name/)).toHaveValue('Phil');
    await cancel.click();
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    await expect(page.getByLabel(/^First name/)).toHaveValue('');
    await expect(page.getByText('What you typed before is still here.')).toHaveCount(0);
    // Nothing typed: Cancel just closes.
    await cancel.click();
    await expect(page.getByRole('button', { name: 'Add Manual Booking' })).toBeVisible();

    // A draft left when signing out goes with the session: the next sign-in (no reload between) starts empty.
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    await page.getByLabel(/^First name/).fill('Sid');
    await page.getByRole('tab', { name: /^Cal/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('tab', { name: /^(Jobs|Bookings)/ }).click();
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    await expect(page.getByLabel(/^First name/)).toHaveValue('');
  });

  test('Add Manual Booking knows a returning customer: their number typed, their name, address and email fill the empty fields', async ({ page, server }) => {
    const admin = await adminClient(server);
    const first = await admin.post('/api/bookings', { firstName: 'Rhoda', lastName: 'Returns', phone: '07700 900654', email: 'rhoda.returns@example.com', address: '8 Bridge Street, Staines TW18 4TP', serviceType: 'rewiring', status: 'completed', isManualBooking: true, startDate: ukDay(-3), finishDate: ukDay(-3) });
    expect(first.status).toBe(201);
    await signIn(page);
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    // Typed as said on the phone, however it is spaced.
    await page.getByLabel(/^Phone/).fill('+44 7700 900654');
    await expect(page.getByLabel(/^First name/)).toHaveValue('Rhoda');
    await expect(page.getByLabel(/^Last name/)).toHaveValue('Returns');
    await expect(page.getByLabel(/^Email/)).toHaveValue('rhoda.returns@example.com');
    await expect(page.getByLabel(/^Address/)).toHaveValue('8 Bridge Street, Staines TW18 4TP');
    await expect(page.getByRole('status').filter({ hasText: 'Filled in from Rhoda Returns’s latest job' })).toBeVisible();
    // What was typed already is left as it is.
    await page.getByLabel(/^Address/).fill('9 Bridge Street');
    await page.getByLabel(/^Phone/).fill('07700900654');
    await expect(page.getByLabel(/^Address/)).toHaveValue('9 Bridge Street');
  });

  test('Add Manual Booking asks for a first name and both dates, then books a confirmed job with two files', async ({ page, server }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    await expect(page.getByRole('heading', { name: 'Add Manual Booking' })).toBeFocused();
    const form = page.getByRole('region', { name: 'Add Manual Booking' });
    await form.getByRole('button', { name: 'Add booking' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(form.getByLabel('First name')).toBeFocused();
    await expect(page.locator('.field__error').filter({ hasText: 'Please select dates' })).toHaveCount(2);
    await expect(page.getByText('Choose start and finish dates for the booking')).toBeVisible();
    // Once it has gone, a second press with the dates still empty says it again (it came the first time only).
    await expect(page.getByText('Choose start and finish dates for the booking')).toBeHidden({ timeout: 20_000 });
    await form.getByRole('button', { name: 'Add booking' }).click();
    await expect(page.getByText('Choose start and finish dates for the booking')).toBeVisible();

    await form.getByLabel('First name').fill('Manny');
    await form.getByLabel('Last name').fill('Manual');
    await form.getByLabel('Phone').fill('01632 960777');
    await form.getByLabel('Service').selectOption('fuse_box_upgrade');
    await expect(form.getByLabel('Status')).toHaveValue('confirmed');
    await form.getByLabel('Start date').fill(ukDay(40));
    await form.getByLabel('Finish date').fill(ukDay(40));
    await form.getByLabel('Address').fill('3 Church Lane, Egham TW20 9AA');
    await form.getByLabel('Photos and documents').setInputFiles([
      { name: 'old-board.png', mimeType: 'image/png', buffer: PNG },
      { name: 'quote.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(form.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(2);
    await form.getByRole('button', { name: 'Add booking' }).click();
    await expect(page.getByText('Booking Created')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Manual Booking' })).toBeFocused();

    const card = jobCard(page, 'Manny Manual');
    await expect(card.locator('.status-badge')).toHaveText('confirmed');
    await expect(card.getByRole('list', { name: 'Attachments' }).getByRole('link')).toHaveCount(2);
    await expect.poll(() => server.storage.queries.bookings().filter((b) => b.firstName === 'Manny').length).toBe(1);
    const stored = server.storage.queries.bookings().find((b) => b.firstName === 'Manny')!;
    expect(stored).toMatchObject({
      status: 'confirmed',
      isManualBooking: true,
      preferredDate: ukDay(40),
      startDate: ukDay(40),
      serviceType: 'fuse_box_upgrade',
    });
    expect((JSON.parse(stored.attachments!) as Array<{ originalname: string }>).map((f) => f.originalname)).toEqual(['old-board.png', 'quote.pdf']);
  });

  test("a status change the server refuses says 'Update Failed', and the job shows its status as before", async ({ page, server }) => {
    const ros = await customer(server, 'ros.refused@example.com', 'Ros', 'Refused');
    await customerBooking(ros, 'ros.refused@example.com', { firstName: 'Ros', lastName: 'Refused' });
    await signIn(page);
    await page.route('**/api/bookings/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":{"code":"nope","message":"This job cannot move now"}}' })
        : route.fallback(),
    );
    const card = jobCard(page, 'Ros Refused');
    await card.getByRole('combobox', { name: /^Status of/ }).selectOption('confirmed');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Update Failed' })).toContainText('Failed to update booking: This job cannot move now');
    await expect(card.locator('.status-badge')).toHaveText('pending');
    await expect(card.getByRole('combobox', { name: /^Status of/ })).toHaveValue('pending');
  });

  test("a file the server will not take stops a manual booking with the seed's 'Upload Failed', and the form keeps it all", async ({ page, server }) => {
    await signIn(page);
    await page.route('**/api/upload', (route) =>
      route.fulfill({ status: 415, contentType: 'application/json', body: '{"error":{"code":"unsupported_file_type","message":"\\"board.png\\" is not a JPEG, PNG, WebP, HEIC, PDF, DOC or DOCX file"}}' }),
    );
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    const form = page.getByRole('region', { name: 'Add Manual Booking' });
    await form.getByLabel('First name').fill('Ulla');
    await form.getByLabel('Last name').fill('Upload');
    await form.getByLabel('Start date').fill(ukDay(41));
    await form.getByLabel('Finish date').fill(ukDay(41));
    await form.getByLabel('Photos and documents').setInputFiles([{ name: 'board.png', mimeType: 'image/png', buffer: PNG }]);
    await form.getByRole('button', { name: 'Add booking' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Upload Failed' })).toContainText(
      'File upload failed: "board.png" is not a JPEG, PNG, WebP, HEIC, PDF, DOC or DOCX file',
    );
    await expect(form.getByLabel('First name')).toHaveValue('Ulla');
    await expect(form.getByRole('list', { name: 'Files to send' })).toContainText('board.png');
    expect(server.storage.queries.bookings().filter((b) => b.firstName === 'Ulla')).toHaveLength(0);
  });

  test('a manual booking that clashes with a confirmed job warns, and only Book anyway books it', async ({ page, server }) => {
    const admin = await adminClient(server);
    const taken = await admin.post('/api/bookings', {
      firstName: 'Early',
      lastName: 'Bird',
      serviceType: 'rewiring',
      startDate: ukDay(50),
      finishDate: ukDay(50),
      status: 'confirmed',
      isManualBooking: true,
    });
    expect(taken.status).toBe(201);
    await signIn(page);
    await expect(jobCard(page, 'Early Bird')).toBeVisible();
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    await page.getByLabel('First name').fill('Late');
    await page.getByLabel('Last name').fill('Comer');
    await page.getByLabel('Start date').fill(ukDay(50));
    await page.getByLabel('Finish date').fill(ukDay(50));
    await page.getByRole('button', { name: 'Add booking' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'Double booking' });
    await expect(warning).toContainText('Early Bird');
    expect(server.storage.queries.bookings().filter((b) => b.firstName === 'Late')).toHaveLength(0);
    await warning.getByRole('button', { name: 'Book anyway' }).click();
    await expect(page.getByText('Booking Created')).toBeVisible();
    await expect
      .poll(() =>
        server.storage.queries
          .bookings()
          .filter((b) => b.firstName === 'Late')
          .map((b) => b.status),
      )
      .toEqual(['confirmed']);
  });

  test('each job links to Google Calendar with its title, dates, details and place, and to its .ics file', async ({ page, server }) => {
    const gina = await customer(server, 'gina.cal@example.com', 'Gina', 'Calendar');
    const booking = await customerBooking(gina, 'gina.cal@example.com', {
      firstName: 'Gina',
      lastName: 'Calendar',
      startDate: ukDay(9),
      finishDate: ukDay(9),
      startTime: '08:30',
      finishTime: '12:00',
    });
    await signIn(page);
    const card = jobCard(page, 'Gina Calendar');
    const google = new URL((await card.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    const day = ukDay(9).replace(/-/g, '');
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      action: 'TEMPLATE',
      text: 'Rewiring – Gina Calendar',
      dates: `${day}T083000/${day}T120000`,
      location: '1 High Street, Ashford TW15 2AA',
      ctz: 'Europe/London',
    });
    expect(google.searchParams.get('details')).toContain('Phone: 01632 960001');
    await expect(card.getByRole('definition').filter({ hasText: bookingReference(booking.id) })).toBeVisible();
    // The address leads to directions there.
    const directions = new URL((await card.getByRole('link', { name: /^1 High Street, Ashford TW15 2AA \(directions/ }).getAttribute('href'))!);
    expect(directions.origin + directions.pathname).toBe('https://www.google.com/maps/dir/');
    expect(Object.fromEntries(directions.searchParams)).toEqual({ api: '1', destination: '1 High Street, Ashford TW15 2AA' });
    const ics = await page.request.get((await card.getByRole('link', { name: /\.ics file/ }).getAttribute('href'))!);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    expect(await ics.text()).toContain(`UID:booking-${booking.id}@`);
  });
});

test.describe('the job list’s order', () => {
  test('by job date puts the soonest job first, and the order stays in the address through a filter and a reload', async ({ page, server }) => {
    const olive = await customer(server, 'olive.order@example.com', 'Olive', 'Ordering');
    // Asked for first, for the later day: newest first shows it second, by job date last.
    const made: string[] = [];
    for (const [firstName, day] of [['Soonest', ukDay(61)], ['Latest', ukDay(75)], ['Middle', ukDay(68)]] as const) {
      made.push((await customerBooking(olive, 'olive.order@example.com', { firstName, lastName: 'Ordering', startDate: day, finishDate: day })).id);
    }
    await signIn(page);
    await page.getByRole('searchbox', { name: 'Find a job' }).fill('Ordering');
    const names = page.locator('.admin-job h3');
    await expect(names).toHaveText(['Middle Ordering', 'Latest Ordering', 'Soonest Ordering']);

    await page.getByRole('combobox', { name: 'Order', exact: true }).selectOption('date');
    await expect(names).toHaveText(['Soonest Ordering', 'Middle Ordering', 'Latest Ordering']);
    await expect(page).toHaveURL(/order=date/);
    await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption('pending');
    await expect(page).toHaveURL(/order=date/);
    await expect(page).toHaveURL(/status=pending/);

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Order', exact: true })).toHaveValue('date');
    await page.getByRole('searchbox', { name: 'Find a job' }).fill('Ordering');
    await expect(names).toHaveText(['Soonest Ordering', 'Middle Ordering', 'Latest Ordering']);

    // To another tab and back: the list is as it was left.
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await expect(page).not.toHaveURL(/order=date/);
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await expect(page).toHaveURL(/order=date/);
    await expect(page.getByRole('combobox', { name: 'Show', exact: true })).toHaveValue('pending');
    await expect(page.getByRole('combobox', { name: 'Order', exact: true })).toHaveValue('date');

    // The portal opened afresh the next morning: the order and the compact view chosen last, not the filter. A job
    // opened by a link (a toast's, a chat's Open the job) meanwhile is shown in the list as it comes, and forgets nothing.
    await page.getByRole('button', { name: 'Compact list' }).click();
    await page.goto(`/admin?tab=bookings&job=${made[0]}`);
    await expect(page.locator(`#job-${made[0]}`)).toBeFocused();
    await expect(page).not.toHaveURL(/order=/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/order=date/);
    await expect(page).toHaveURL(/view=compact/);
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByRole('combobox', { name: 'Order', exact: true })).toHaveValue('date');
    // Back to newest first: so it opens next time.
    await page.getByRole('combobox', { name: 'Order', exact: true }).selectOption('');
    await page.goto('/admin');
    await expect(page.getByRole('combobox', { name: 'Order', exact: true })).toHaveValue('');
    await expect(page).not.toHaveURL(/order=/);
  });

  test('by job date, a job marked completed stays where it was (the next card does not slide under the thumb) until the list is shown afresh', async ({ page, server }) => {
    const admin = await adminClient(server);
    for (const [firstName, day] of [['First', ukDay(81)], ['Second', ukDay(82)], ['Third', ukDay(83)]] as const) {
      const made = await admin.post('/api/bookings', { serviceType: 'rewiring', isManualBooking: true, firstName, lastName: 'Settled', status: 'confirmed', startDate: day, finishDate: day });
      expect(made.status).toBe(201);
    }
    await signIn(page);
    await page.getByRole('combobox', { name: 'Order', exact: true }).selectOption('date');
    await page.getByRole('searchbox', { name: 'Find a job' }).fill('Settled');
    const names = page.locator('.admin-job h3');
    await expect(names).toHaveText(['First Settled', 'Second Settled', 'Third Settled']);

    await jobCard(page, 'First Settled').getByLabel('Status').selectOption('completed');
    await expect.poll(() => server.storage.queries.bookings().find((b) => b.firstName === 'First')?.status).toBe('completed');
    await expect(jobCard(page, 'First Settled').locator('.status-badge')).toHaveText('completed');
    await expect(names).toHaveText(['First Settled', 'Second Settled', 'Third Settled']);

    // Shown afresh, it is among the done, after the jobs still to do.
    await page.getByRole('combobox', { name: 'Order', exact: true }).selectOption('');
    await page.getByRole('combobox', { name: 'Order', exact: true }).selectOption('date');
    await expect(names).toHaveText(['Second Settled', 'Third Settled', 'First Settled']);
  });
});

test.describe('the compact list', () => {
  test('shows when, where, the phone, the status and the chat; More opens the rest of one card; it stays in the address', async ({ page, server }) => {
    const cora = await customer(server, 'cora.compact@example.com', 'Cora', 'Compact');
    await customerBooking(cora, 'cora.compact@example.com', { firstName: 'Cora', lastName: 'Compact', description: 'Three spotlights in the hall' });
    await signIn(page);
    const card = jobCard(page, 'Cora Compact');
    await expect(card).toContainText('Three spotlights in the hall');
    const full = (await card.boundingBox())!.height;

    await page.getByRole('button', { name: 'Compact list' }).click();
    await expect(page.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/view=compact/);
    await expect(card).not.toContainText('Three spotlights in the hall');
    await expect(card.getByRole('link', { name: '01632 960001' })).toBeVisible();
    await expect(card.getByLabel('Status')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Chat/ })).toBeVisible();
    await expect(card.getByRole('link', { name: /Google Calendar/ })).toHaveCount(0);
    expect((await card.boundingBox())!.height).toBeLessThan(full * 0.75);

    await card.getByRole('button', { name: /^More/ }).click();
    await expect(card).toContainText('Three spotlights in the hall');
    await expect(card.getByRole('link', { name: /Google Calendar/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Less/ })).toHaveAttribute('aria-expanded', 'true');
    await expectAxeClean(page);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');
    await expect(jobCard(page, 'Cora Compact')).not.toContainText('Three spotlights in the hall');
  });
});

test('the calendar marks a day with a double booking, and its day names the jobs in the way', async ({ page, server }) => {
  const day = ukDay(611);
  const office = await adminClient(server);
  for (const [firstName, startTime, finishTime] of [
    ['Pat', '13:30', '15:00'],
    ['Ian', '14:00', '17:00'],
    ['Ada', '08:00', '10:00'],
  ] as const) {
    const job = { firstName, lastName: 'Overlap', serviceType: 'rewiring', startDate: day, finishDate: day, startTime, finishTime, status: 'confirmed', isManualBooking: true, allowOverlap: true };
    expect((await office.post('/api/bookings', job)).status).toBe(201);
  }
  await signIn(page);
  await page.goto(`/admin?tab=calendar&month=${day.slice(0, 7)}&day=${day}`);
  await expect(page.locator(`[data-day="${day}"]`)).toHaveAttribute('aria-label', /: 3 jobs \(3 confirmed\), double booked$/);
  await expect(page.locator(`[data-day="${day}"]`)).toHaveClass(/admin-day--clash/);
  const panel = page.locator('.admin-daypanel');
  const row = (name: string) => panel.locator('.admin-dayjob').filter({ has: page.locator('strong', { hasText: new RegExp(`^${name}$`) }) });
  await expect(row('Pat Overlap')).toContainText('Double booked with Ian Overlap');
  await expect(row('Ian Overlap')).toContainText('Double booked with Pat Overlap');
  await expect(row('Ada Overlap')).not.toContainText('Double booked');
});

test.describe('cancelling from the status selector', () => {
  test('is asked about first: Keep it (or Escape) changes and mails nothing, Yes cancels and says the customer hears', async ({ page, server }) => {
    const client = await customer(server, 'cass.slip@example.com', 'Cass', 'Slip');
    const booking = await customerBooking(client, 'cass.slip@example.com', { firstName: 'Cass', lastName: 'Slip' });
    expect((await (await adminClient(server)).request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'confirmed' } })).status).toBe(200);
    await signIn(page);
    const card = jobCard(page, 'Cass Slip');
    const status = card.getByLabel('Status');
    await expect(status).toHaveValue('confirmed');
    const cancelMails = () => outboxMails(server).filter((m) => m.kind === 'booking-cancelled' && m.to === 'cass.slip@example.com').length;

    // A slip: the question, the focus on the safe choice, the selector still showing the job as it is.
    await status.selectOption('cancelled');
    const question = card.getByRole('region', { name: 'Cancel this job?' });
    await expect(question).toContainText('Cass gets an email saying it is cancelled.');
    await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await expect(status).toHaveValue('confirmed');
    await question.getByRole('button', { name: 'Keep it' }).click();
    await expect(question).toHaveCount(0);
    await expect(status).toBeFocused();
    await status.selectOption('cancelled');
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(status).toHaveValue('confirmed');
    expect(server.storage.queries.booking(booking.id)?.status).toBe('confirmed');
    expect(cancelMails()).toBe(0);

    // Meant: cancelled, and the customer is told.
    await status.selectOption('cancelled');
    await question.getByRole('button', { name: 'Yes, cancel the job' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Booking Updated' })).toContainText('Cass Slip: cancelled. Cass gets an email saying so.');
    await expect(status).toHaveValue('cancelled');
    await expect.poll(() => server.storage.queries.booking(booking.id)?.status).toBe('cancelled');
    await expect.poll(cancelMails).toBe(1);
  });
});

test.describe('when the job moved on', () => {
  test('a status change made on a stale copy is refused, both versions are shown, and taking the server’s keeps it', async ({ page, server }) => {
    const sam = await customer(server, 'sam.stale@example.com', 'Sam', 'Stale');
    const booking = await customerBooking(sam, 'sam.stale@example.com', { firstName: 'Sam', lastName: 'Stale' });
    await signIn(page);
    const card = jobCard(page, 'Sam Stale');
    await expect(card).toBeVisible();
    // The tablet stops hearing from the server's feed, and the office changes the job.
    await page.route('**/api/sync?**', (route) => route.fulfill({ status: 503, body: '' }));
    const office = await adminClient(server);
    expect((await office.request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'in_progress' } })).status).toBe(200);

    await card.getByLabel('Status').selectOption('cancelled');
    await card.getByRole('button', { name: 'Yes, cancel the job' }).click();
    await expect(card.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeFocused();
    await expect(card.locator('.admin-version').first()).toContainText('cancelled');
    await expect(card.locator('.admin-version').last()).toContainText('in progress');
    await card.getByRole('button', { name: /^Take the server’s/ }).click();
    await expect(card.locator('.admin-card__head .status-badge')).toHaveText('in progress');
    await expect(card.getByLabel('Status')).toHaveValue('in_progress');
    expect(server.storage.queries.booking(booking.id)?.status).toBe('in_progress');
  });

  test('a conflict that lands while the admin types in Find a job is read out, and the typing stays in the search', async ({ page, context, server }) => {
    const tim = await customer(server, 'tim.typing@example.com', 'Tim', 'Typing');
    const booking = await customerBooking(tim, 'tim.typing@example.com', { firstName: 'Tim', lastName: 'Typing' });
    await signIn(page);
    const card = jobCard(page, 'Tim Typing');
    await expect(card).toBeVisible();
    // Offline, the tablet confirms the job; the office meanwhile starts it.
    await context.setOffline(true);
    await card.getByLabel('Status').selectOption('confirmed');
    await expect(card).toContainText('Waiting to send');
    const office = await adminClient(server);
    expect((await office.request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'in_progress' } })).status).toBe(200);

    const find = page.getByRole('searchbox', { name: 'Find a job' });
    await find.click();
    await page.keyboard.type('Typ');
    // The signal returns while he types: the change goes, and comes back as a conflict.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(card.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeVisible();
    await page.keyboard.type('ing');
    await expect(find).toHaveValue('Typing');
    await expect(find).toBeFocused();
    await expect(card.getByRole('alert')).toHaveText('Changed elsewhere meanwhile: Tim Typing. Its card asks what to do.');
    // Still there to act on: its choice is a button in the card, in the tab order.
    await expect(card.getByRole('button', { name: /^Keep mine/ })).toBeEnabled();
  });

  test('confirming a job into a confirmed one’s slot warns, and Book anyway confirms it', async ({ page, server }) => {
    const admin = await adminClient(server);
    expect(
      (
        await admin.post('/api/bookings', {
          firstName: 'Held',
          lastName: 'Slot',
          serviceType: 'rewiring',
          startDate: ukDay(60),
          finishDate: ukDay(60),
          status: 'confirmed',
          isManualBooking: true,
        })
      ).status,
    ).toBe(201);
    const tia = await customer(server, 'tia.tight@example.com', 'Tia', 'Tight');
    const booking = await customerBooking(tia, 'tia.tight@example.com', { firstName: 'Tia', lastName: 'Tight', startDate: ukDay(60), finishDate: ukDay(60) });
    await signIn(page);
    const card = jobCard(page, 'Tia Tight');
    await card.getByLabel('Status').selectOption('confirmed');
    await expect(card.getByRole('heading', { name: 'Double booking' })).toBeFocused();
    await expect(card.locator('.admin-problem')).toContainText('Held Slot');
    expect(server.storage.queries.booking(booking.id)?.status).toBe('pending');
    await card.getByRole('button', { name: 'Book anyway' }).click();
    await expect(card.locator('.admin-card__head .status-badge')).toHaveText('confirmed');
    await expect.poll(() => server.storage.queries.booking(booking.id)?.status).toBe('confirmed');
    // Both cards keep saying so while it lasts.
    await expect(card.locator('.admin-overlap')).toContainText('Double booked with Held Slot');
    await expect(jobCard(page, 'Held Slot').locator('.admin-overlap')).toContainText('Double booked with Tia Tight');
  });
  test('a double-booking warning left open while the office cancels the job becomes the conflict: Book anyway does not bring it back', async ({ page, server }) => {
    const admin = await adminClient(server);
    expect(
      (
        await admin.post('/api/bookings', { firstName: 'Kept', lastName: 'Slot', serviceType: 'rewiring', startDate: ukDay(61), finishDate: ukDay(61), status: 'confirmed', isManualBooking: true })
      ).status,
    ).toBe(201);
    const yva = await customer(server, 'yva.waits@example.com', 'Yva', 'Waits');
    const booking = await customerBooking(yva, 'yva.waits@example.com', { firstName: 'Yva', lastName: 'Waits', startDate: ukDay(61), finishDate: ukDay(61) });
    await signIn(page);
    const card = jobCard(page, 'Yva Waits');
    await card.getByLabel('Status').selectOption('confirmed');
    await expect(card.getByRole('heading', { name: 'Double booking' })).toBeFocused();

    // While the warning waits, the office cancels the job, and the device's copy brings that in.
    expect((await admin.request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'cancelled' } })).status).toBe(200);
    await expect(card.locator('.admin-card__head .status-badge')).toHaveText('cancelled', { timeout: 15_000 });
    await card.getByRole('button', { name: 'Book anyway' }).click();
    await expect(card.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeFocused();
    await expect(card.locator('.admin-version').first()).toContainText('confirmed');
    await expect(card.locator('.admin-version').last()).toContainText('cancelled');
    expect(server.storage.queries.booking(booking.id)?.status).toBe('cancelled');
    await card.getByRole('button', { name: /^Take the server’s/ }).click();
    await expect(card.locator('.admin-problem')).toHaveCount(0);
    expect(server.storage.queries.booking(booking.id)?.status).toBe('cancelled');
  });
});

test.describe('Change dates', () => {
  test('moves a booked job to other days and hours: the card, the server and the customer’s mail follow; a clash asks first', async ({ page, server }) => {
    const della = await customer(server, 'della.dates@example.com', 'Della', 'Dates');
    const booking = await customerBooking(della, 'della.dates@example.com', { firstName: 'Della', lastName: 'Dates' });
    const admin = await adminClient(server);
    expect((await admin.request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'confirmed' } })).status).toBe(200);
    // Another booked job on the day Della's would first move to.
    const busy = await admin.post('/api/bookings', { firstName: 'Bea', lastName: 'Busy', serviceType: 'rewiring', status: 'confirmed', isManualBooking: true, startDate: ukDay(250), finishDate: ukDay(250), startTime: '09:00', finishTime: '17:00' });
    expect(busy.status).toBe(201);
    await signIn(page);

    const card = jobCard(page, 'Della Dates');
    const open = card.getByRole('button', { name: /^Change dates/ });
    await open.click();
    const form = card.getByRole('form', { name: 'New dates for Della Dates' });
    await expect(form.getByLabel(/^Start date/)).toBeFocused();
    await form.getByLabel(/^Start date/).fill(ukDay(250));
    await form.getByLabel(/^Finish date/).fill(ukDay(250));
    await form.getByLabel('Start time').fill('13:00');
    await form.getByLabel('Finish time').fill('15:30');
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(form.getByRole('alert')).toContainText('Bea Busy');
    await expectAxeClean(page);
    expect(server.storage.store.readStream(`booking-${booking.id}`).map((e) => e.type)).toEqual(['BookingRequested', 'BookingStatusChanged']);

    // Another day instead: no clash, so it goes at once.
    await form.getByLabel(/^Start date/).fill(ukDay(251));
    await form.getByLabel(/^Finish date/).fill(ukDay(252));
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(page.getByText('Dates Changed')).toBeVisible();
    await expect(page.getByText(/Della gets an email with the new dates\.$/)).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(open).toBeFocused();
    await expect.poll(() => server.storage.queries.booking(booking.id)).toMatchObject({ startDate: ukDay(251), finishDate: ukDay(252), startTime: '13:00', finishTime: '15:30' });
    await expect(card).toContainText('13:00–15:30');
    await expect.poll(() => outboxMails(server).filter((m) => m.kind === 'booking-rescheduled' && m.to === 'della.dates@example.com').length).toBe(1);
  });

  test('a two-day job moved by its start date keeps its two days: the finish date moves with it', async ({ page, server }) => {
    const admin = await adminClient(server);
    const made = await admin.post('/api/bookings', { firstName: 'Tom', lastName: 'Twoday', serviceType: 'rewiring', status: 'confirmed', isManualBooking: true, startDate: ukDay(270), finishDate: ukDay(271) });
    expect(made.status).toBe(201);
    await signIn(page);
    const card = jobCard(page, 'Tom Twoday');
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Tom Twoday' });
    await form.getByLabel(/^Start date/).fill(ukDay(277));
    await expect(form.getByLabel(/^Finish date/)).toHaveValue(ukDay(278));
    // Back a day: still two days.
    await form.getByLabel(/^Start date/).fill(ukDay(276));
    await expect(form.getByLabel(/^Finish date/)).toHaveValue(ukDay(277));
    // A length of its own is the finish date's change.
    await form.getByLabel(/^Finish date/).fill(ukDay(279));
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(page.getByText('Dates Changed')).toBeVisible();
    await expect.poll(() => server.storage.queries.booking(made.data.booking.id as string)).toMatchObject({ startDate: ukDay(276), finishDate: ukDay(279) });
  });

  test('with no signal the new dates show at once as waiting, and a status change after them lands too, once', async ({ page, context, server }) => {
    const otto = await customer(server, 'otto.dates@example.com', 'Otto', 'Dates');
    const booking = await customerBooking(otto, 'otto.dates@example.com', { firstName: 'Otto', lastName: 'Dates' });
    await signIn(page);
    const card = jobCard(page, 'Otto Dates');
    await expect(card).toBeVisible();

    await context.setOffline(true);
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Otto Dates' });
    // A year typed wrong is refused here, with no signal, as the server would: nothing waits to be refused.
    await form.getByLabel(/^Start date/).fill('2205-01-06');
    await form.getByLabel(/^Finish date/).fill('2205-01-06');
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(form.getByText(/^Please choose a date between/).first()).toBeVisible();
    await expect(form.getByLabel(/^Start date/)).toBeFocused();
    await expect(card).not.toContainText('Waiting to send');
    await form.getByLabel(/^Start date/).fill(ukDay(261));
    await form.getByLabel(/^Finish date/).fill(ukDay(261));
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(card).toContainText('Waiting to send');
    // Then confirmed, still offline: it goes after the dates, one version on.
    await card.getByLabel('Status').selectOption('confirmed');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => server.storage.queries.booking(booking.id)).toMatchObject({ startDate: ukDay(261), status: 'confirmed' });
    await expect(card).not.toContainText('Waiting to send');
    expect(server.storage.store.readStream(`booking-${booking.id}`).map((e) => e.type)).toEqual(['BookingRequested', 'BookingDetailsChanged', 'BookingStatusChanged']);
  });

  test('a job added with no signal and moved before it was sent is booked once, on its new days: a clash on the days it left does not refuse it', async ({ page, context, server }) => {
    await signIn(page);
    await context.setOffline(true);
    await addJob(page, 'Mona', 'Moved', ukDay(280));
    const card = jobCard(page, 'Mona Moved');
    await expect(card).toContainText('Waiting to send');
    // The customer rings back: two days later. Meanwhile the office books the day she left.
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Mona Moved' });
    await form.getByLabel(/^Start date/).fill(ukDay(282));
    await form.getByLabel(/^Finish date/).fill(ukDay(282));
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(form).toHaveCount(0);
    const admin = await adminClient(server);
    expect((await admin.post('/api/bookings', { firstName: 'Olly', lastName: 'Office', serviceType: 'rewiring', status: 'confirmed', isManualBooking: true, startDate: ukDay(280), finishDate: ukDay(280) })).status).toBe(201);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => server.storage.queries.bookings().filter((b) => b.firstName === 'Mona').map((b) => [b.status, b.startDate, b.preferredDate])).toEqual([['confirmed', ukDay(282), ukDay(282)]]);
    await expect(card).not.toContainText('Waiting to send');
    await expect(card.getByRole('heading', { name: 'Double booking' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Waiting to send/ })).toBeHidden();
    expect(await outboxCount(page)).toBe(0);
  });

  test('a job whose answer was lost to the signal, moved before the tablet heard, is booked once, on its new days', async ({ page, server }) => {
    await signIn(page);
    // The job reaches the server; its answer never reaches the tablet (the signal drops on the way back).
    await page.route(
      '**/api/bookings',
      async (route) => {
        const request = route.request();
        const cookie = (await page.context().cookies(server.url)).map((c) => `${c.name}=${c.value}`).join('; ');
        const key = (await request.headerValue('idempotency-key')) ?? '';
        await fetch(`${server.url}/api/bookings`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key }, body: request.postData() ?? '' });
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Add Manual Booking' }).click();
    const add = page.getByRole('region', { name: 'Add Manual Booking' });
    await add.getByLabel('First name').fill('Lara');
    await add.getByLabel('Last name').fill('Lost');
    await add.getByLabel('Start date').fill(ukDay(290));
    await add.getByLabel('Finish date').fill(ukDay(290));
    await add.getByRole('button', { name: 'Add booking' }).click();
    const card = jobCard(page, 'Lara Lost');
    await expect(card).toContainText('Waiting to send');
    // The card shows the job as soon as it is kept on the tablet; the server has it once the sender's call went through.
    await expect.poll(() => server.storage.queries.bookings().filter((b) => b.firstName === 'Lara')).toHaveLength(1);

    // The customer rings: two days later. The tablet still thinks the job is waiting.
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Lara Lost' });
    await form.getByLabel(/^Start date/).fill(ukDay(292));
    await form.getByLabel(/^Finish date/).fill(ukDay(292));
    await form.getByRole('button', { name: 'Save the dates' }).click();

    await expect.poll(() => server.storage.queries.bookings().filter((b) => b.firstName === 'Lara').map((b) => b.startDate), { timeout: 20_000 }).toEqual([ukDay(292)]);
    await expect(page.getByRole('button', { name: /Waiting to send/ })).toBeHidden({ timeout: 20_000 });
    await expect(card).not.toContainText('Not accepted');
  });

  test('Waiting to send names the new dates as the admin reads them, says it waits for our server rather than counting tries, and so does the Sent toast', async ({ page, server }) => {
    const nia = await customer(server, 'nia.label@example.com', 'Nia', 'Label');
    await customerBooking(nia, 'nia.label@example.com', { firstName: 'Nia', lastName: 'Label' });
    await signIn(page);
    const card = jobCard(page, 'Nia Label');
    await expect(card).toBeVisible();
    // Our server out of reach, the tablet online (the page's own files still load, as the service worker would serve them).
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Nia Label' });
    await form.getByLabel(/^Start date/).fill(ukDay(263));
    await form.getByLabel(/^Finish date/).fill(ukDay(264));
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(card).toContainText('Waiting to send');
    const when = await card.locator('div:has(> dt:text-is("When")) > dd').textContent();
    const label = `New dates for Nia Label (${when})`;
    expect(label).toMatch(/\(\w{3} \d+ \w{3} \d{4} – \w{3} \d+ \w{3} \d{4}, 09:00–17:00\)$/);

    await page.getByRole('button', { name: /^Waiting to send/ }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting to send' });
    const entry = panel.getByRole('listitem').filter({ hasText: label });
    // Not "for signal": the tablet has it; our server does not answer.
    await expect(entry).toContainText('Waiting for our server: it goes by itself as soon as it can be reached');
    // Tried again with the server still out of reach: still no count of tries.
    await panel.getByRole('button', { name: 'Try sending now' }).click();
    await expect.poll(() => outboxAttempts(page)).toBeGreaterThan(0);
    await expect(entry).toContainText('Waiting for our server');
    await expect(entry).not.toContainText('tried');
    await page.keyboard.press('Escape');

    await page.unroute('**/api/**');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // The toast titled Sent (the one that said it was saved says "It is sent as soon as…").
    await expect(page.locator('[data-sonner-toast]').filter({ has: page.getByText('Sent', { exact: true }) })).toContainText(`${label} — it has reached us.`);
  });

  test('a queued change the admin discards is counted out, so the status change queued after it lands with no conflict', async ({ page, context, server }) => {
    const dora = await customer(server, 'dora.discard@example.com', 'Dora', 'Discard');
    const booking = await customerBooking(dora, 'dora.discard@example.com', { firstName: 'Dora', lastName: 'Discard' });
    const admin = await adminClient(server);
    expect((await admin.request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'confirmed' } })).status).toBe(200);
    const startDate = server.storage.queries.booking(booking.id)?.startDate;
    await signIn(page);
    const card = jobCard(page, 'Dora Discard');
    await expect(card).toBeVisible();

    // Offline: the office books Boris on a day the tablet does not know is taken; the tablet moves Dora there
    // (the server will refuse it), then marks her job started.
    await context.setOffline(true);
    const held = await admin.post('/api/bookings', { firstName: 'Boris', lastName: 'Booked', serviceType: 'rewiring', status: 'confirmed', isManualBooking: true, startDate: ukDay(270), finishDate: ukDay(270) });
    expect(held.status).toBe(201);
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Dora Discard' });
    await form.getByLabel(/^Start date/).fill(ukDay(270));
    await form.getByLabel(/^Finish date/).fill(ukDay(270));
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(form).toHaveCount(0);
    await expect(card).toContainText('Waiting to send');
    await card.getByLabel('Status').selectOption('in_progress');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(card.getByRole('heading', { name: 'Double booking' })).toBeFocused();
    expect(server.storage.queries.booking(booking.id)?.status).toBe('confirmed');
    await card.getByRole('button', { name: 'Discard the change' }).click();
    await expect.poll(() => server.storage.queries.booking(booking.id)?.status).toBe('in_progress');
    await expect(card.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toHaveCount(0);
    await expect(card).not.toContainText('Waiting to send');
    expect(server.storage.queries.booking(booking.id)?.startDate).toBe(startDate);
  });

  test('new dates typed while the device brings in the customer’s own move say so first, and only Save again moves it', async ({ page, server }) => {
    const milo = await customer(server, 'milo.moves@example.com', 'Milo', 'Moves');
    const booking = await customerBooking(milo, 'milo.moves@example.com', { firstName: 'Milo', lastName: 'Moves' });
    await signIn(page);
    const card = jobCard(page, 'Milo Moves');
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Milo Moves' });
    await form.getByLabel(/^Start date/).fill(ukDay(270));
    await form.getByLabel(/^Finish date/).fill(ukDay(270));

    // Milo moves his waiting request himself while the form is open; the next pull brings it to the card.
    expect((await milo.post(`/api/bookings/${booking.id}/dates`, { startDate: ukDay(272), finishDate: ukDay(272), startTime: '10:00', finishTime: '12:00' })).status).toBe(200);
    await pullNow(page);
    await expect(card.locator('.admin-facts')).toContainText('10:00–12:00', { timeout: 15_000 });
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(form).toContainText('Changed elsewhere meanwhile: it is now');
    expect(server.storage.queries.booking(booking.id)?.startDate).toBe(ukDay(272));

    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(form).toHaveCount(0);
    await expect.poll(() => server.storage.queries.booking(booking.id)?.startDate).toBe(ukDay(270));
  });

  test('new dates queued while the customer moved their request are a conflict to decide, never a silent overwrite', async ({ page, context, server }) => {
    const mona = await customer(server, 'mona.moves@example.com', 'Mona', 'Moves');
    const booking = await customerBooking(mona, 'mona.moves@example.com', { firstName: 'Mona', lastName: 'Moves' });
    await signIn(page);
    const card = jobCard(page, 'Mona Moves');
    await expect(card).toBeVisible();

    // No signal: the electrician moves the request to one day while Mona moves it herself to another.
    await context.setOffline(true);
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Mona Moves' });
    await form.getByLabel(/^Start date/).fill(ukDay(281));
    await form.getByLabel(/^Finish date/).fill(ukDay(281));
    await form.getByRole('button', { name: 'Save the dates' }).click();
    await expect(form).toHaveCount(0);
    await expect(card).toContainText('Waiting to send');
    expect((await mona.post(`/api/bookings/${booking.id}/dates`, { startDate: ukDay(284), finishDate: ukDay(284), startTime: '09:00', finishTime: '17:00' })).status).toBe(200);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const panel = card.locator('.admin-problem');
    await expect(card.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeFocused();
    await expect(panel).toContainText('Which dates should it have?');
    expect(server.storage.queries.booking(booking.id)?.startDate).toBe(ukDay(284));
    await card.getByRole('button', { name: 'Take the server’s dates' }).click();
    await expect(panel).toHaveCount(0);
    await expect(card).not.toContainText('Waiting to send');
    expect(server.storage.queries.booking(booking.id)?.startDate).toBe(ukDay(284));
    expect(server.storage.store.readStream(`booking-${booking.id}`).filter((e) => e.metadata.role === 'admin')).toEqual([]);
  });
});

test.describe('requests that arrive while the admin portal is open', () => {
  test('a new quote request is announced by name once the copy brings it in; several at once are counted; what was there at sign-in is not news', async ({ page, server }) => {
    // Already waiting when the admin signs in: in the lists, but not announced.
    await quoteRequest(server, { firstName: 'Olga', lastName: 'Older' });
    await signIn(page);
    await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');

    await quoteRequest(server, { firstName: 'Nina', lastName: 'Newcomer', serviceType: 'Consumer Unit Upgrade' });
    await pullNow(page);
    const toasts = page.locator('[data-sonner-toast]');
    // Had Olga's been counted as news, this would read '2 new requests'.
    await expect(toasts.filter({ hasText: 'New quote request' })).toContainText('Nina Newcomer: Consumer Unit Upgrade.', { timeout: 15_000 });
    await expect(toasts.filter({ hasText: 'Olga' })).toHaveCount(0);

    // A booking request from the portal and a quote request in the same pull (the pulls held back while both are
    // made): one toast with the count of each.
    const booker = await customer(server, 'arrivals.customer@example.com', 'Ada', 'Arrives');
    await inOnePull(page, async () => {
      await customerBooking(booker, 'arrivals.customer@example.com', { firstName: 'Ada', lastName: 'Arrives' });
      await quoteRequest(server, { firstName: 'Quentin', lastName: 'Second' });
    });
    await expect(toasts.filter({ hasText: '2 new requests' })).toContainText('1 booking request and 1 quote request.', { timeout: 15_000 });
    await expect(jobCard(page, 'Ada Arrives')).toBeVisible();
  });
});

test('online, a change that goes at once never raises Waiting to send; one the server is slow to take does, until it is taken', async ({ page, server }) => {
  const wes = await customer(server, 'wes.waits@example.com', 'Wes', 'Waits');
  await customerBooking(wes, 'wes.waits@example.com', { firstName: 'Wes', lastName: 'Waits' });
  await signIn(page);
  const card = jobCard(page, 'Wes Waits');
  await expect(card).toBeVisible();
  // Every appearance of the bar's Waiting to send, however short (it moved the tabs and the chat under it).
  await page.evaluate(() => {
    const seen = window as unknown as { waitingSeen: boolean };
    seen.waitingSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.outbox-bar__button')) seen.waitingSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await card.getByLabel('Status').selectOption('confirmed');
  await expect.poll(() => server.storage.queries.bookings().find((b) => b.firstName === 'Wes')?.status).toBe('confirmed');
  await expect.poll(() => outboxCount(page)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { waitingSeen: boolean }).waitingSeen)).toBe(false);

  // The server slow to answer: after a moment the bar says the change waits, and goes once it is taken.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/**', async (route) => {
    if (route.request().method() !== 'GET') await held;
    await route.continue();
  });
  await card.getByLabel('Status').selectOption('in_progress');
  await expect(page.getByRole('button', { name: /^Waiting to send \(1\)/ })).toBeVisible();
  release();
  await expect(page.getByRole('button', { name: /^Waiting to send/ })).toBeHidden({ timeout: 15_000 });
  await expect.poll(() => server.storage.queries.bookings().find((b) => b.firstName === 'Wes')?.status).toBe('in_progress');
});

test('left open on the calendar overnight, the tablet says the new day is today in the morning, and Today goes there', async ({ page }) => {
  // A winter evening (the UK on GMT): the page's clock, which the test moves on.
  await page.clock.install({ time: new Date('2027-01-14T23:58:30Z') });
  await signIn(page);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const today = page.locator('.admin-day[aria-current="date"]');
  await expect(today).toHaveAttribute('aria-label', /^Thu 14 Jan 2027, today/);

  await page.clock.fastForward('02:00');
  await expect(today).toHaveAttribute('aria-label', /^Fri 15 Jan 2027, today/);
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page).toHaveURL(/day=2027-01-15/);
});

test('a pull read before two status changes and landing after them does not set the job back: it keeps the last', async ({ page, server }) => {
  const rue = await customer(server, 'rue.race@example.com', 'Rue', 'Race');
  const booking = await customerBooking(rue, 'rue.race@example.com', { firstName: 'Rue', lastName: 'Race' });
  await signIn(page);
  const card = jobCard(page, 'Rue Race');
  await expect(card).toBeVisible();
  const statusIn = async (status: string) => {
    await expect.poll(() => server.storage.queries.bookings().find((b) => b.id === booking.id)?.status).toBe(status);
    await expect.poll(async () => (await deviceRow<{ status: string }>(page, 'bookings', booking.id))?.status).toBe(status);
  };
  // The device's next pull sets off and waits on the way (a slow signal); none after it gets an answer in this test.
  const held: Route[] = [];
  await page.route('**/api/sync?**', (route) => void held.push(route));
  await pullNow(page);
  await expect.poll(() => held.length).toBe(1);

  await card.getByRole('combobox', { name: /^Status of/ }).selectOption('confirmed');
  await statusIn('confirmed');
  // The pull's page is read now (the job confirmed), and its answer comes only after the next change.
  const page1 = await held[0]!.fetch();
  const { next } = (await page1.json()) as { next: number };
  await card.getByRole('combobox', { name: /^Status of/ }).selectOption('in_progress');
  await statusIn('in_progress');
  await held[0]!.fulfill({ response: page1 });

  await expect.poll(async () => (await deviceRow<{ position: number }>(page, 'mirror', 'sync'))?.position).toBe(next);
  expect(await deviceRow(page, 'bookings', booking.id)).toMatchObject({ status: 'in_progress' });
  await expect(card.locator('.status-badge')).toHaveText('in progress');
});

test('a job added with no signal and refused as it went (the day was booked meanwhile) is not counted, nor in the calendar, until it is booked', async ({ page, context, server }) => {
  await signIn(page);
  await context.setOffline(true);
  await addJob(page, 'Rhea', 'Refused', ukDay(285));
  const card = jobCard(page, 'Rhea Refused');
  await expect(card).toContainText('Waiting to send');
  // Meanwhile the office books that day.
  const admin = await adminClient(server);
  expect((await admin.post('/api/bookings', { firstName: 'Pia', lastName: 'Office', serviceType: 'rewiring', status: 'confirmed', isManualBooking: true, startDate: ukDay(285), finishDate: ukDay(285) })).status).toBe(201);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(card).toContainText('Not accepted');
  await pullNow(page);
  await expect(jobCard(page, 'Pia Office')).toBeVisible();
  // The counters are the server's: Rhea's job is not one of them; nor is the office's job double booked with it.
  await expectCounters(page, serverCounts(server));
  await expect(jobCard(page, 'Pia Office')).not.toContainText('Double booked');
  await page.goto(`/admin?tab=calendar&day=${ukDay(285)}`);
  const day = page.locator('.admin-daypanel');
  await expect(day).toContainText('Pia Office');
  await expect(day).not.toContainText('Rhea Refused');
});
