import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { bankHoliday, bankHolidaysBetween, bankHolidayWords } from '#domain/bank-holidays.ts';
import { adminClient, counter, jobCard, ownServer, serverCounts, signIn, ukDay } from './admin-seed.ts';
import { expect, scrollStopped, test, whollyOnScreen } from './fixtures.ts';
import type { Page } from '@playwright/test';

// A server of its own: the exports are compared with exactly the jobs made here.
const own = ownServer();

test('the quick exports say so when they have nothing: no bookings today, none pending, none upcoming', async ({ page }) => {
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const exports = page.getByRole('region', { name: 'Export to a spreadsheet' });
  await exports.getByRole('button', { name: /^Today's/ }).click();
  await expect(exports.getByRole('status')).toHaveText('No bookings today. There are no jobs booked for today.');
  await exports.getByRole('button', { name: /^Pending/ }).click();
  await expect(exports.getByRole('status')).toHaveText('No pending bookings. All bookings are processed');
  await expect(page.getByText('All bookings are processed').first()).toBeVisible();
  await exports.getByRole('button', { name: /^Upcoming/ }).click();
  await expect(exports.getByRole('status')).toHaveText('No upcoming bookings. There are no jobs today or later.');
});

test('every export is a CSV a spreadsheet reads right: £ and accents, formulas neutralised, dates as yyyy-MM-dd, a phone as text with its 0, the source in words; Upcoming from today on', async ({ page }) => {
  const admin = await adminClient(own.server);
  const make = async (body: Record<string, unknown>) =>
    expect((await admin.post('/api/bookings', { serviceType: 'rewiring', isManualBooking: true, ...body })).status).toBe(201);
  await make({ firstName: '=HYPERLINK("evil.example","Click")', lastName: '+Plus', startDate: ukDay(0), finishDate: ukDay(0), status: 'pending' });
  await make({
    firstName: 'Zoë',
    lastName: 'Brontë',
    description: 'Budget £1,200 for the café',
    startDate: ukDay(3),
    finishDate: ukDay(4),
    status: 'confirmed',
    phone: '+44 1632 960123',
  });
  await make({ firstName: 'Old', lastName: 'Job', startDate: ukDay(-3), finishDate: ukDay(-3), status: 'completed' });
  // A job made from a quote, at the price agreed there.
  const asked = await admin.post('/api/bookings', { firstName: 'Quinn', lastName: 'Priced', email: 'quinn.priced@example.com', serviceType: 'EICR Testing', description: 'The flat upstairs' });
  expect(asked.status).toBe(201);
  const quoteId = asked.data.quote.id as string;
  expect((await admin.request('PUT', `/api/quotes/${quoteId}`, { json: { quoteStatus: 'quoted', estimatedCost: '1250.50' } })).status).toBe(200);
  expect((await admin.post(`/api/quotes/${quoteId}/convert`, { startDate: ukDay(10), finishDate: ukDay(10) })).status).toBe(201);
  await signIn(page, own.server.url);
  // The exports are made from the tablet's copy: once its first pull has brought the jobs (on a busy machine, pressed
  // before that, Export said there were none and downloaded nothing).
  await expect(counter(page, 'total')).toHaveText(serverCounts(own.server).total);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const exports = page.getByRole('region', { name: 'Export to a spreadsheet' });

  const all = await csvOf(page, exports.getByRole('button', { name: 'Export all bookings (CSV)' }));
  expect(all.bom).toBe(true);
  await expect(exports.getByRole('status')).toHaveText(`${all.rows.length - 1} bookings exported to bookings-all-${ukDay(0)}.csv (in your downloads).`);
  expect(all.rows[0]).toEqual([
    'Reference',
    'First name',
    'Last name',
    'Email',
    'Phone',
    'Service',
    'Status',
    'Quoted price (£)',
    'Paid on',
    'Paid by',
    'Start date',
    'Finish date',
    'Start time',
    'Finish time',
    'Preferred date',
    'Address',
    'Details',
    'Notes',
    'Source',
    'Created',
  ]);
  const byName = new Map(all.rows.slice(1).map((row) => [row[2], row]));
  expect(all.rows).toHaveLength(5);
  // The agreed price as a number a spreadsheet adds up; a job not made from a quote has none.
  const price = all.rows[0]!.indexOf('Quoted price (£)');
  expect([byName.get('Priced')?.[price], byName.get('Brontë')?.[price]]).toEqual(['1250.50', '']);
  // A cell that starts with = + - @ is read as text, never run.
  expect(byName.get("'+Plus")?.[1]).toBe('\'=HYPERLINK("evil.example","Click")');
  expect(byName.get('Brontë')).toEqual(
    expect.arrayContaining(['Zoë', 'Brontë', '01632 960123', 'Rewiring', 'confirmed', ukDay(3), ukDay(4), 'Budget £1,200 for the café', 'Added by you']),
  );
  expect(byName.get('Brontë')?.[all.rows[0]!.indexOf('Created')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

  expect((await csvOf(page, exports.getByRole('button', { name: /^Today's/ }))).rows.slice(1).map((row) => row[2])).toEqual(["'+Plus"]);
  expect((await csvOf(page, exports.getByRole('button', { name: /^Pending/ }))).rows.slice(1).map((row) => row[2])).toEqual(["'+Plus"]);
  expect((await csvOf(page, exports.getByRole('button', { name: /^Upcoming/ }))).rows.slice(1).map((row) => row[2])).toEqual(["'+Plus", 'Brontë', 'Priced']);
});

test('a day’s panel lists its jobs, each to call, drive to and chat about, and Add Job books one on that date', async ({ page }) => {
  // A job called off that day is not part of the day's plan: not counted on the month, not listed in the panel.
  const admin = await adminClient(own.server);
  const off = await admin.post('/api/bookings', { serviceType: 'rewiring', isManualBooking: true, firstName: 'Carl', lastName: 'Calledoff', startDate: ukDay(3), finishDate: ukDay(3), status: 'cancelled', allowOverlap: true });
  expect(off.status).toBe(201);
  // A tablet held upright: the day's panel is below the month, off the first screen.
  await page.setViewportSize({ width: 820, height: 1180 });
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const day = ukDay(3);
  await page.goto(`${own.server.url}/admin?tab=calendar&month=${day.slice(0, 7)}`);
  await page
    .locator('.admin-month')
    .getByRole('button', { name: `${label(day)}: 1 job` })
    .click();
  const panel = page.getByRole('region', { name: label(day) });
  await expect(panel.getByRole('heading')).toBeFocused();
  // And on the screen once the page has stopped moving (a scroll to the top after the focus left it below).
  await scrollStopped(page);
  expect(await whollyOnScreen(panel.getByRole('heading'))).toBe(true);
  await expect(panel).toContainText('Zoë Brontë');
  // Her job is of two days: the panel says which this is, not only its hours.
  await expect(panel).toContainText(/Rewiring · day 1 of 2 \(\d{1,2}(–\d{1,2})? \w{3}( \d{4})?( – \d{1,2} \w{3}( \d{4})?)?\)/);
  await expect(panel).not.toContainText('Calledoff');
  // What to know on the doorstep: the work asked for.
  await expect(panel).toContainText('Budget £1,200 for the café');
  await panel.screenshot({ path: test.info().outputPath('day-panel.png') });
  // Her number a tap away; she gave no address, so there is nowhere to drive to.
  await expect(panel.getByRole('link', { name: 'Call Zoë Brontë' })).toHaveAttribute('href', 'tel:+441632960123');
  await expect(panel.getByRole('link', { name: /^Map/ })).toHaveCount(0);
  await panel.getByRole('button', { name: /^Add Job/ }).click();
  const form = page.getByRole('region', { name: 'Add Manual Booking' });
  await expect(form.getByLabel('Start date')).toHaveValue(day);
  await expect(form.getByLabel('Finish date')).toHaveValue(day);
  await form.getByLabel('First name').fill('Dana');
  await form.getByLabel('Last name').fill('Dayjob');
  await form.getByLabel('Address').fill('9 Mill Lane, Staines TW18 4AB');
  await form.getByRole('button', { name: 'Add booking' }).click();
  // Zoë's two-day job holds that day: the form says so before anything is sent.
  await expect(form.getByRole('alert').filter({ hasText: 'Double booking' })).toContainText('Zoë Brontë');
  await form.getByRole('button', { name: 'Book anyway' }).click();
  await expect(page.getByText('Booking Created')).toBeVisible();
  await expect(panel).toContainText('Dana Dayjob');
  await expect(panel.getByRole('link', { name: /^Map \(directions to 9 Mill Lane, Staines TW18 4AB in Google Maps/ })).toHaveAttribute('href', /destination=9%20Mill%20Lane%2C%20Staines/);
  await expect(panel.getByRole('link', { name: /^Call Dana/ })).toHaveCount(0);
  await expect
    .poll(() =>
      own.server.storage.queries
        .bookings()
        .filter((b) => b.firstName === 'Dana')
        .map((b) => [b.startDate, b.status]),
    )
    .toEqual([[day, 'confirmed']]);
});

test('the private calendar link is an iCalendar feed; a new link stops the old one', async ({ page }) => {
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const feed = page.getByRole('region', { name: 'Subscribe in your calendar app' });
  await feed.getByRole('button', { name: 'Make a private link' }).click();
  const first = await feed.getByLabel('Private calendar link').inputValue();
  const ics = await page.request.get(first);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const text = await ics.text();
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text).toContain('SUMMARY:Rewiring – Zoë Brontë');

  await feed.getByRole('button', { name: 'Make a new link' }).click();
  await expect(feed.getByRole('alert')).toContainText('The old link stops working');
  await feed.getByRole('button', { name: 'Yes, make a new link' }).click();
  await expect(feed.getByLabel('Private calendar link')).not.toHaveValue(first);
  const second = await feed.getByLabel('Private calendar link').inputValue();
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);
  // The link stays on this tablet after a reload (the server cannot show it again).
  await page.reload();
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(feed.getByLabel('Private calendar link')).toHaveValue(second);
});

test('a link made again on the tablet is not offered on the phone any more, which kept the old one: it no longer works', async ({ page, browser }) => {
  // A link made long ago (on a laptop since retired).
  expect((await (await adminClient(own.server)).post('/api/calendar/token')).status).toBe(201);
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const feed = page.getByRole('region', { name: 'Subscribe in your calendar app' });
  await feed.getByRole('button', { name: 'Make a new link' }).click();
  await feed.getByRole('button', { name: 'Yes, make a new link' }).click();
  await expect(page.getByText('New calendar link', { exact: true })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'New calendar link' })).toContainText('Any older link has stopped working.');
  const old = await feed.getByLabel('Private calendar link').inputValue();

  const tablet = await (await browser.newContext()).newPage();
  await signIn(tablet, own.server.url);
  await tablet.getByRole('tab', { name: 'Calendar' }).click();
  const there = tablet.getByRole('region', { name: 'Subscribe in your calendar app' });
  await there.getByRole('button', { name: 'Make a new link' }).click();
  await there.getByRole('button', { name: 'Yes, make a new link' }).click();
  await expect(there.getByLabel('Private calendar link')).not.toHaveValue(old);
  expect((await page.request.get(old)).status()).toBe(404);
  await tablet.context().close();

  // Back on the phone: the link it kept is dead, and is not there to copy into a calendar app.
  await page.reload();
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(feed).toContainText('The link this device showed was replaced on another device and no longer works.');
  await expect(feed.getByLabel('Private calendar link')).toHaveCount(0);
  await expect(feed.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  // Made again here, it is shown and works.
  await feed.getByRole('button', { name: 'Make a new link' }).click();
  await feed.getByRole('button', { name: 'Yes, make a new link' }).click();
  const fresh = await feed.getByLabel('Private calendar link').inputValue();
  expect((await page.request.get(fresh)).status()).toBe(200);
  await expect(feed).not.toContainText('replaced on another device');
  await page.reload();
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(feed.getByLabel('Private calendar link')).toHaveValue(fresh);
});

test('the link turned off stops the feed at once, on this tablet and on the phone that kept it; a new link works again', async ({ page, browser }) => {
  // No link from the tests before (turned off through the API, as the button does).
  expect((await (await adminClient(own.server)).request('DELETE', '/api/calendar/token')).status).toBe(200);
  await signIn(page, own.server.url);
  // The panel asks the server whether a link works (until it knows, a new link is said to stop any older one).
  const known = page.waitForResponse('**/api/calendar/status');
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await (await known).finished();
  const feed = page.getByRole('region', { name: 'Subscribe in your calendar app' });
  await feed.getByRole('button', { name: 'Make a private link' }).click();
  // No link worked before it: none is said to have stopped.
  const made = page.locator('[data-sonner-toast]').filter({ hasText: 'New calendar link' });
  await expect(made).toContainText('Add it to your calendar app.');
  await expect(made).not.toContainText('older link');
  const kept = await feed.getByLabel('Private calendar link').inputValue();
  expect((await page.request.get(kept)).status()).toBe(200);

  // On the phone, which shows the same link: it is turned off there, after a yes.
  const phone = await (await browser.newContext()).newPage();
  await signIn(phone, own.server.url);
  await phone.getByRole('tab', { name: 'Calendar' }).click();
  const there = phone.getByRole('region', { name: 'Subscribe in your calendar app' });
  await there.getByRole('button', { name: 'Turn off the link' }).click();
  await expect(there.getByRole('alert')).toContainText('no link works until you make a new one');
  await expect(there.getByRole('button', { name: 'Make a new link' })).toHaveCount(0);
  await there.getByRole('button', { name: 'Yes, turn it off' }).click();
  await expect(phone.locator('[data-sonner-toast]').filter({ hasText: 'Calendar link turned off' })).toBeVisible();
  await expect(there).toContainText('The link is turned off: no link works now.');
  await expect(there.getByRole('button', { name: 'Make a private link' })).toBeFocused();
  await expect(there.getByRole('button', { name: 'Turn off the link' })).toHaveCount(0);
  expect((await page.request.get(kept)).status()).toBe(404);
  await phone.context().close();

  // Back on the tablet: the link it kept is dead, and not there to copy.
  await page.reload();
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(feed).toContainText('The link this device showed was turned off on another device: no link works now.');
  await expect(feed.getByLabel('Private calendar link')).toHaveCount(0);
  await feed.getByRole('button', { name: 'Make a private link' }).click();
  const fresh = await feed.getByLabel('Private calendar link').inputValue();
  expect(fresh).not.toBe(kept);
  expect((await page.request.get(fresh)).status()).toBe(200);
});

test('a day with booked jobs at several places has its route: Maps from here through them in the order of the day, past a request still to confirm', async ({ page }) => {
  const admin = await adminClient(own.server);
  const day = ukDay(12);
  const make = async (firstName: string, [startTime, finishTime]: [string, string], address: string, status = 'confirmed') =>
    expect((await admin.post('/api/bookings', { serviceType: 'rewiring', isManualBooking: true, firstName, lastName: 'Route', startDate: day, finishDate: day, startTime, finishTime, address, status })).status).toBe(201);
  // Made out of order: the route follows the day's hours.
  await make('Afternoon', ['14:00', '16:00'], '9 Mill Lane, Staines TW18 4AB');
  await make('Morning', ['08:00', '10:00'], '1 High Street, Ashford TW15 2AA');
  await make('Asked', ['10:30', '11:30'], '5 Request Road, Feltham TW13 4AA', 'pending');
  await make('Midday', ['12:00', '13:30'], '3 Park Road, Hampton TW12 1AA');

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, own.server.url);
  await page.goto(`${own.server.url}/admin?tab=calendar&month=${day.slice(0, 7)}`);
  // On a phone each job is a dot whose colour says its status: the day's name says them in words.
  const holiday = bankHoliday(day);
  await page
    .locator('.admin-month')
    .getByRole('button', { name: `${label(day)}: 4 jobs (1 pending, 3 confirmed)${holiday ? `; ${bankHolidayWords(holiday)}` : ''}`, exact: true })
    .click();
  const panel = page.getByRole('region', { name: label(day) });
  const route = panel.getByRole('link', { name: /^Route for the day \(3 stops in the order of the day, in Google Maps/ });
  const url = new URL((await route.getAttribute('href'))!);
  expect(url.searchParams.get('waypoints')?.split('|')).toEqual(['1 High Street, Ashford TW15 2AA', '3 Park Road, Hampton TW12 1AA']);
  expect(url.searchParams.get('destination')).toBe('9 Mill Lane, Staines TW18 4AB');
  await expect(route).toHaveAttribute('target', '_blank');
  // The request the day's list shows and the route leaves out, and why.
  await expect(panel.getByText('Not on the route: Asked Route, a request not confirmed yet.')).toBeVisible();
  await scrollStopped(page);
  expect(await whollyOnScreen(route)).toBe(true);
});


/** A day as the calendar names it: 'Thu 26 Nov 2026'. */
test('on a phone the month shows each job as a mark whose shape says its status as well as its colour, and a key says which', async ({ page }) => {
  const admin = await adminClient(own.server);
  // Two days of one month (a day shows three marks at most).
  const first = ukDay(40).slice(0, 7) === ukDay(41).slice(0, 7) ? 40 : 41;
  const jobs = [
    ['Pam', 'pending', first],
    ['Con', 'confirmed', first],
    ['Ian', 'in_progress', first],
    ['Cody', 'completed', first + 1],
  ] as const;
  for (const [firstName, status, days] of jobs) {
    const day = ukDay(days);
    const made = await admin.post('/api/bookings', { serviceType: 'rewiring', isManualBooking: true, firstName, lastName: 'Marks', startDate: day, finishDate: day, status, allowOverlap: true });
    expect(made.status).toBe(201);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, own.server.url);
  await page.goto(`${own.server.url}/admin?tab=calendar&month=${ukDay(first).slice(0, 7)}`);
  const month = page.locator('.admin-month');
  const marksOn = (days: number) => month.getByRole('button', { name: new RegExp(`^${label(ukDay(days))}`) }).locator('.admin-mark');
  await expect(marksOn(first)).toHaveCount(3);
  // Its shape without its colour: round or square, and empty, half or filled.
  const shapes = [...(await marksOn(first).all()), ...(await marksOn(first + 1).all())].map((mark) =>
    mark.evaluate((element) => {
      const style = getComputedStyle(element);
      const fill = style.backgroundImage !== 'none' ? 'half' : style.backgroundColor === 'rgba(0, 0, 0, 0)' ? 'empty' : 'filled';
      return `${parseFloat(style.borderTopLeftRadius) > 2 ? 'round' : 'square'} ${fill}`;
    }),
  );
  // Four statuses, four shapes (the day lists its jobs in its own order).
  expect((await Promise.all(shapes)).toSorted()).toEqual(['round empty', 'round filled', 'round half', 'square filled']);
  await expect(page.locator('.admin-key li')).toHaveText(['pending', 'confirmed', 'in progress', 'completed', 'bank holiday']);
});

function label(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${weekday} ${d} ${month} ${y}`;
}

/** Clicks an export and reads the downloaded file back as a spreadsheet would (papaparse). */
async function csvOf(page: Page, button: import('@playwright/test').Locator): Promise<{ bom: boolean; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = readFileSync((await download.path())!, 'utf8');
  const bom = text.startsWith('\uFEFF');
  return { bom, rows: Papa.parse<string[]>(bom ? text.slice(1) : text, { skipEmptyLines: true }).data };
}

test('the tablet’s Back returns from a day picked and leaves the calendar, not through every month passed or filter tried', async ({ page }) => {
  await signIn(page, own.server.url);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await page.getByRole('tab', { name: 'Bookings' }).click();
  const show = page.getByRole('combobox', { name: 'Show', exact: true });
  await show.selectOption('pending');
  await show.selectOption('confirmed');
  await expect(page).toHaveURL(/status=confirmed/);
  // Filters tried are looks at one place: Back goes to the tab before.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-selected', 'true');

  const label = page.locator('.admin-monthnav__label');
  const first = await label.textContent();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(label).not.toHaveText(first!);
  const second = await label.textContent();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(label).not.toHaveText(second!);
  const third = (await label.textContent())!;
  // A day picked is a step of its own: Back closes it, in the month it was picked in.
  await page.locator('.admin-day:not(.admin-day--other)').nth(9).click();
  await expect(page).toHaveURL(/day=/);
  await page.goBack();
  await expect(page).not.toHaveURL(/day=/);
  await expect(label).toHaveText(third);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
});

test('a day’s job opens its card in Bookings (to mark it done, move it), and Back returns to the day', async ({ page }) => {
  const admin = await adminClient(own.server);
  const day = ukDay(12);
  const made = await admin.post('/api/bookings', { serviceType: 'rewiring', isManualBooking: true, firstName: 'Otis', lastName: 'Opened', status: 'confirmed', startDate: day, finishDate: day, allowOverlap: true });
  expect(made.status).toBe(201);
  const id = (made.data.booking as { id: string }).id;
  await signIn(page, own.server.url);
  await page.goto(`${own.server.url}/admin?tab=calendar&month=${day.slice(0, 7)}&day=${day}`);
  await page.getByRole('button', { name: 'Open Otis Opened’s job' }).click();
  await expect(page.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`#job-${id}`)).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`day=${day}`));
  await expect(page.getByRole('button', { name: 'Open Otis Opened’s job' })).toBeVisible();
});

test('a bank holiday is named on the month and in its day’s panel, so that a job is not planned for it unawares', async ({ page }) => {
  // The next one from a week on, whatever today is.
  const holiday = bankHolidaysBetween(ukDay(7), ukDay(400))[0]!;
  const month = holiday.day.slice(0, 7);
  await signIn(page, own.server.url);
  await page.goto(`${own.server.url}/admin?tab=calendar&month=${month}`);
  const cell = page.locator(`.admin-month button[data-day="${holiday.day}"]`);
  await expect(cell).toContainText(holiday.name);
  await expect(cell).toHaveAccessibleName(new RegExp(`^${label(holiday.day)}: .+; `));
  expect((await cell.getAttribute('aria-label'))!.endsWith(`; ${bankHolidayWords(holiday)}`)).toBe(true);
  // Its stripes stay under the pointer (a tap on a tablet leaves the day hovered).
  await cell.hover();
  expect(await cell.evaluate((day) => getComputedStyle(day).backgroundImage)).toContain('gradient');
  // Those of the month, and no other day.
  const marked = await page.locator('.admin-day--holiday').evaluateAll((days) => days.map((day) => day.getAttribute('data-day')!));
  expect(marked.filter((day) => day.startsWith(month))).toEqual(bankHolidaysBetween(`${month}-01`, `${month}-31`).map((h) => h.day));
  await cell.click();
  const panel = page.getByRole('region', { name: label(holiday.day) });
  const words = bankHolidayWords(holiday);
  await expect(panel).toContainText(`${words.charAt(0).toUpperCase()}${words.slice(1)}.`);
  // A job added for it: the form says so too, as it does the jobs already booked then.
  await panel.getByRole('button', { name: /^Add Job/ }).click();
  const form = page.getByRole('region', { name: 'Add Manual Booking' });
  await expect(form.getByRole('status').filter({ hasText: 'Bank holiday' })).toContainText(`Bank holiday: ${holiday.name} (${label(holiday.day)}).`);
  await form.getByRole('button', { name: 'Cancel' }).click();
  // An ordinary day's panel says nothing of the kind.
  const ordinary = [`${month}-10`, `${month}-11`, `${month}-12`].find((day) => !bankHoliday(day))!;
  await page.locator(`.admin-month button[data-day="${ordinary}"]`).click();
  await expect(page.getByRole('region', { name: label(ordinary) })).not.toContainText('bank holiday');

  // A job moved onto it with Change dates: said there too, before the dates are saved.
  const admin = await adminClient(own.server);
  const made = await admin.post('/api/bookings', {
    serviceType: 'rewiring',
    isManualBooking: true,
    firstName: 'Noel',
    lastName: 'Moved',
    startDate: ordinary,
    finishDate: ordinary,
    status: 'confirmed',
    allowOverlap: true,
  });
  expect(made.status).toBe(201);
  await page.goto(`${own.server.url}/admin?tab=bookings`);
  const card = jobCard(page, 'Noel Moved');
  await card.getByRole('button', { name: /^Change dates/ }).click();
  const dates = card.getByRole('form', { name: 'New dates for Noel Moved' });
  await expect(dates.getByText('Bank holiday')).toHaveCount(0);
  await dates.getByLabel(/^Start date/).fill(holiday.day);
  await dates.getByLabel(/^Finish date/).fill(holiday.day);
  await expect(dates.getByRole('status').filter({ hasText: 'Bank holiday' })).toContainText(`Bank holiday: ${holiday.name} (${label(holiday.day)}).`);
  // Moved there, its card says so beside its days.
  await expect(card).not.toContainText('a bank holiday');
  await dates.getByRole('button', { name: 'Save the dates' }).click();
  // Another test's job may hold that day (their days move with the date): then the warning asks first.
  const anyway = dates.getByRole('button', { name: 'Move anyway' });
  await expect.poll(async () => (await dates.count()) === 0 || (await anyway.isVisible())).toBe(true);
  if ((await dates.count()) > 0) await anyway.click();
  await expect(dates).toHaveCount(0);
  await expect(card.locator('dd').filter({ hasText: label(holiday.day) })).toContainText(` · ${holiday.name}, a bank holiday`);
});
