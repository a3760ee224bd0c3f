import { dayWords } from '#domain/history.ts';
import { expect, test } from './fixtures.ts';
import { adminClient, customer, customerBooking, expectCounters, jobCard, ownServer, quoteRequest, serverCounts, signIn, ukDay } from './admin-seed.ts';
import { expectToast } from './portal-helpers.ts';

/**
 * The admin portal as a keyboard-only and screen-reader user meets it (WCAG 2.4.3, 2.4.6, 4.1.3): where the focus
 * goes once what had it is gone, what a search or an answer says out loud, and controls named with their job.
 * The customer's side and the public pages are in focus.spec.ts.
 */
test.describe('the admin portal', () => {
  test('each job’s status selector and notes are named with the job', async ({ page, server }) => {
    const ann = await customer(server, 'focus.ann@example.com', 'Ann', 'Focus');
    const annJob = await customerBooking(ann, 'focus.ann@example.com', { firstName: 'Ann', lastName: 'Focus' });
    const ben = await customer(server, 'focus.ben@example.com', 'Ben', 'Focus');
    const benJob = await customerBooking(ben, 'focus.ben@example.com', { firstName: 'Ben', lastName: 'Focus' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    // Every card has one: "Status, Status, Status" in a screen reader's list of fields said nothing of which job.
    // With the job's day: two jobs of one customer had the same name.
    await expect(jobCard(page, 'Ann Focus').getByRole('combobox', { name: `Status of Ann Focus’s job on ${dayWords(annJob.startDate)}` })).toBeVisible();
    await expect(jobCard(page, 'Ben Focus').getByRole('combobox', { name: `Status of Ben Focus’s job on ${dayWords(benJob.startDate)}` })).toBeVisible();
    // So is each card's notes region (the list of regions read "Notes, Notes, Notes").
    await expect(jobCard(page, 'Ann Focus').getByRole('region', { name: `Notes on Ann Focus’s job on ${dayWords(annJob.startDate)}` })).toBeVisible();
    await expect(jobCard(page, 'Ben Focus').getByRole('region', { name: `Notes on Ben Focus’s job on ${dayWords(benJob.startDate)}` })).toBeVisible();
  });

  test('the counters say they open the job list, and pressing one reads out what it shows', async ({ page, server }) => {
    const pia = await customer(server, 'focus.pia@example.com', 'Pia', 'Counter');
    await customerBooking(pia, 'focus.pia@example.com', { firstName: 'Pia', lastName: 'Counter' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    const counts = page.getByRole('list', { name: 'Job counts' });
    await expect(counts.getByRole('button', { name: /^\d+ Total bookings\W+show all jobs$/ })).toBeVisible();
    const pending = counts.getByRole('button', { name: /^\d+ Pending\W+show these jobs$/ });
    await expect(counts.getByRole('button', { name: /^\d+ In progress\W+show these jobs$/ })).toBeVisible();
    await expect(counts.getByRole('button', { name: /^\d+ Completed\W+show these jobs$/ })).toBeVisible();
    // The device's copy is complete first (on the shared server it may still be pulling other specs' jobs), so the
    // number read is the one the list will show.
    const expected = serverCounts(server);
    await expectCounters(page, expected);
    const number = expected.pending;
    await pending.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('pending');
    await expect(page.getByRole('tabpanel').getByRole('status').filter({ hasText: /jobs?$/ })).toHaveText(number === '1' ? '1 job' : `${number} jobs`);
    await expect(pending).toBeFocused();
  });

  test('what Find a job and Find a contact find is read out, also when nothing matches', async ({ page, server }) => {
    const zed = await customer(server, 'focus.zed@example.com', 'Zed', 'Findable');
    await customerBooking(zed, 'focus.zed@example.com', { firstName: 'Zed', lastName: 'Findable' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    const heard = (text: string) => page.getByRole('tabpanel').getByRole('status').filter({ hasText: text });

    const jobs = page.getByRole('searchbox', { name: 'Find a job' });
    await jobs.fill('Findable');
    await expect(page.locator('.admin-job')).toHaveCount(1);
    // The count went with the list, and the words put in its place were not in a live region: nothing was heard.
    await jobs.fill('Findable nobody');
    await expect(heard('No jobs match')).toHaveText('No jobs match. Clear the search to see them all.');

    await page.getByRole('tab', { name: /^Chat/ }).click();
    const chats = page.getByRole('searchbox', { name: 'Find a job' });
    await chats.fill('Findable');
    await expect(heard('match')).toHaveText('1 job matches');
    await chats.fill('Findable nobody');
    await expect(heard('match')).toHaveText('No jobs match. Clear the search to see them all.');

    await page.getByRole('tab', { name: 'Contacts' }).click();
    const contacts = page.getByRole('searchbox', { name: 'Find a contact' });
    await contacts.fill('Findable');
    await expect(heard('match')).toHaveText('1 contact matches');
    await contacts.fill('Findable nobody');
    await expect(heard('match')).toHaveText('No contacts match. Clear the search to see them all.');
  });

  test('answering a double-booking warning puts the focus on the job’s name, either way', async ({ page, server }) => {
    const admin = await adminClient(server);
    const day = ukDay(333);
    const held = { firstName: 'Held', lastName: 'Focus', serviceType: 'rewiring', startDate: day, finishDate: day, status: 'confirmed', isManualBooking: true };
    expect((await admin.post('/api/bookings', held)).status).toBe(201);
    const cal = await customer(server, 'focus.cal@example.com', 'Cal', 'Clash');
    await customerBooking(cal, 'focus.cal@example.com', { firstName: 'Cal', lastName: 'Clash', startDate: day, finishDate: day });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    const card = jobCard(page, 'Cal Clash');
    const warning = card.getByRole('heading', { name: 'Double booking' });
    await card.getByLabel('Status').selectOption('confirmed');
    await expect(warning).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Leave it as it was' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(warning).toHaveCount(0);
    // The panel and the button pressed went: the focus was left on the page's body.
    await expect(card.getByRole('heading', { name: 'Cal Clash' })).toBeFocused();

    await card.getByLabel('Status').selectOption('confirmed');
    await expect(warning).toBeFocused();
    await card.getByRole('button', { name: 'Book anyway' }).focus();
    await page.keyboard.press('Enter');
    await expect(warning).toHaveCount(0);
    await expect(card.getByRole('heading', { name: 'Cal Clash' })).toBeFocused();
    await expect(card.locator('.admin-card__head .status-badge')).toHaveText('confirmed');
  });

  test('Escape closes a job’s Change dates as Keep the current dates does', async ({ page, server }) => {
    const eve = await customer(server, 'focus.eve@example.com', 'Eve', 'Escape');
    await customerBooking(eve, 'focus.eve@example.com', { firstName: 'Eve', lastName: 'Escape' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    const card = jobCard(page, 'Eve Escape');
    const change = card.getByRole('button', { name: /^Change dates/ });
    await change.focus();
    await page.keyboard.press('Enter');
    const form = card.getByRole('form', { name: 'New dates for Eve Escape' });
    await expect(form.getByLabel(/^Start date/)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(change).toBeFocused();
  });

  test('Escape on Change dates with new dates typed asks before throwing them away', async ({ page, server }) => {
    const ada = await customer(server, 'focus.ada@example.com', 'Ada', 'Asked');
    await customerBooking(ada, 'focus.ada@example.com', { firstName: 'Ada', lastName: 'Asked' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    const card = jobCard(page, 'Ada Asked');
    await card.getByRole('button', { name: /^Change dates/ }).click();
    const form = card.getByRole('form', { name: 'New dates for Ada Asked' });
    await form.getByLabel(/^Start time/).fill('07:30');
    await page.keyboard.press('Escape');
    const question = form.getByRole('group', { name: 'Discard your changes?' });
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(form).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Change dates/ })).toBeFocused();
  });

  test('Escape closes a job’s notes as Cancel does, and asks first when they were changed', async ({ page, server }) => {
    const nia = await customer(server, 'focus.nia@example.com', 'Nia', 'Notes');
    await customerBooking(nia, 'focus.nia@example.com', { firstName: 'Nia', lastName: 'Notes' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    const card = jobCard(page, 'Nia Notes');
    const add = card.getByRole('button', { name: /^Add notes/ });
    await add.focus();
    await page.keyboard.press('Enter');
    const form = card.getByRole('form', { name: 'Notes on Nia Notes’s job' });
    const notes = form.getByLabel('Your notes');
    await expect(notes).toBeFocused();
    // Nothing typed: Escape is Cancel.
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(add).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.type('Key under the mat');
    await page.keyboard.press('Escape');
    const question = form.getByRole('group', { name: 'Discard your changes?' });
    const keep = question.getByRole('button', { name: 'Keep editing' });
    // The safe answer has the focus: a second Escape (or an Enter) keeps the notes, and the focus goes back to them.
    await expect(keep).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(notes).toBeFocused();
    await expect(notes).toHaveValue('Key under the mat');
    await page.keyboard.press('Escape');
    await expect(keep).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notes).toBeFocused();
    await expect(notes).toHaveValue('Key under the mat');

    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(form).toHaveCount(0);
    await expect(add).toBeFocused();
    await expect(card.getByRole('region', { name: 'Notes on Nia Notes’s job' })).not.toContainText('Key under the mat');
  });

  test('Escape closes a quote’s Edit as Cancel does, asks first when it was changed, and leaves an open list to close itself', async ({ page, server }) => {
    await quoteRequest(server, { firstName: 'Esme', lastName: 'Edit', email: 'focus.esme@example.com' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await page.getByRole('tab', { name: /To Be Quoted/ }).click();
    const card = page.locator('.admin-quote').filter({ has: page.getByRole('heading', { name: 'Esme Edit' }) });
    const edit = card.getByRole('button', { name: /^Edit Quote/ });
    await edit.focus();
    await page.keyboard.press('Enter');
    const form = card.getByRole('form', { name: 'Edit quote for Esme Edit' });
    await expect(form.getByLabel('Estimated cost (£)')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(edit).toBeFocused();

    await page.keyboard.press('Enter');
    const priority = form.getByLabel('Priority');
    await priority.selectOption('high');
    // Escape in the status's open list closes the list, not the form.
    const status = form.getByLabel('Status');
    await status.click();
    await expect.poll(() => status.evaluate((select) => select.matches(':open'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => status.evaluate((select) => select.matches(':open'))).toBe(false);
    await expect(form).toBeVisible();
    await expect(form.getByRole('group', { name: 'Discard your changes?' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    const question = form.getByRole('group', { name: 'Discard your changes?' });
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(priority).toHaveValue('high');
    // Cancel asks as Escape does (it threw the change away unasked).
    await form.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(priority).toHaveValue('high');
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(form).toHaveCount(0);
    await expect(edit).toBeFocused();
    await expect(card).not.toContainText('High priority');
  });

  test('Escape closes Add Manual Booking as Cancel does (from Bookings or a day’s Add Job), and asks first when something was typed or a file picked', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    const add = page.getByRole('button', { name: 'Add Manual Booking' });
    await add.focus();
    await page.keyboard.press('Enter');
    const screen = page.getByRole('region', { name: 'Add Manual Booking' });
    await expect(screen.getByRole('heading', { name: 'Add Manual Booking' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(screen).toHaveCount(0);
    await expect(add).toBeFocused();

    await page.keyboard.press('Enter');
    await screen.getByLabel('Photos and documents').setInputFiles({ name: 'board.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]) });
    await screen.getByRole('heading', { name: 'Add Manual Booking' }).focus();
    await page.keyboard.press('Escape');
    const question = screen.getByRole('group', { name: 'Discard your changes?' });
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await screen.getByRole('button', { name: 'Remove board.jpg' }).click();

    await screen.getByLabel('First name').fill('Phil');
    await page.keyboard.press('Escape');
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(screen.getByLabel('First name')).toBeFocused();
    await expect(screen.getByLabel('First name')).toHaveValue('Phil');
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(screen).toHaveCount(0);
    await expect(add).toBeFocused();

    // From a day's Add Job in the calendar, the focus goes back to that button too (it went to the day's heading).
    await page.getByRole('tab', { name: 'Calendar' }).click();
    const addJob = page.getByRole('button', { name: /^Add Job/ });
    await addJob.focus();
    await page.keyboard.press('Enter');
    await expect(screen.getByRole('heading', { name: 'Add Manual Booking' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(screen).toHaveCount(0);
    await expect(addJob).toBeFocused();
  });

  test('the month is one Tab stop: the arrow keys, Home, End and Page Up and Down move by day, week and month, and Enter picks', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await page.goto('/admin?tab=calendar&month=2030-01');
    const day = (label: string) => page.locator('.admin-month').getByRole('button', { name: new RegExp(`^${label}\\b`) });
    await expect(page.getByRole('grid', { name: 'January 2030' })).toBeVisible();
    // No day chosen and today elsewhere: the stop is on the 1st, and the next Tab leaves the month (it took 42).
    // The month's toolbar ends with Print: the next Tab is the month.
    await page.getByRole('button', { name: 'Print the month and the day chosen' }).focus();
    await page.keyboard.press('Tab');
    await expect(day('Tue 1 Jan 2030')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('.admin-month :focus')).toHaveCount(0);
    await page.keyboard.press('Shift+Tab');
    await expect(day('Tue 1 Jan 2030')).toBeFocused();

    await page.keyboard.press('ArrowRight');
    await expect(day('Wed 2 Jan 2030')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(day('Wed 9 Jan 2030')).toBeFocused();
    await page.keyboard.press('End');
    await expect(day('Sun 13 Jan 2030')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(day('Mon 7 Jan 2030')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(day('Sun 6 Jan 2030')).toBeFocused();
    // A month on, as Next month turns it (the URL too), on the same date.
    await page.keyboard.press('PageDown');
    await expect(page.getByRole('grid', { name: 'February 2030' })).toBeVisible();
    await expect(page).toHaveURL(/month=2030-02/);
    await expect(day('Wed 6 Feb 2030')).toBeFocused();
    await page.keyboard.press('PageUp');
    await expect(day('Sun 6 Jan 2030')).toBeFocused();
    // Past the month's edge the month turns with the focus.
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('grid', { name: 'December 2029' })).toBeVisible();
    await expect(day('Sun 30 Dec 2029')).toBeFocused();

    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Sun 30 Dec 2029' });
    await expect(panel.getByRole('heading', { name: 'Sun 30 Dec 2029' })).toBeFocused();
    await expect(day('Sun 30 Dec 2029')).toHaveAttribute('aria-pressed', 'true');
    // Back into the month, the stop is the chosen day.
    await page.keyboard.press('Shift+Tab');
    await expect(day('Sun 30 Dec 2029')).toBeFocused();
  });

  test('a day with no jobs says so, with no empty list for a screen reader to announce', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await page.goto('/admin?tab=calendar&month=2029-11&day=2029-11-14');
    const panel = page.getByRole('region', { name: 'Wed 14 Nov 2029' });
    await expect(panel.getByText('No jobs on this day.')).toBeVisible();
    await expect(panel.getByRole('list')).toHaveCount(0);
  });

  test('signing out puts the focus on the sign-in form’s heading', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    const signOut = page.getByRole('button', { name: 'Sign out' });
    await signOut.focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Logged Out');
    // The button went with the dashboard: the focus is on the form's heading, not left on the page's body.
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email address')).toBeFocused();
  });
});

test.describe('the admin’s calendar link', () => {
  const own = ownServer();
  test('the new link takes the focus once made, and Keep the current link hands it back to the button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, own.server.url);
    await page.getByRole('tab', { name: 'Calendar' }).click();
    const make = page.getByRole('button', { name: 'Make a private link' });
    await make.focus();
    await page.keyboard.press('Enter');
    // Disabled while the server made it, the button dropped the focus to the page's body.
    await expect(page.getByLabel('Private calendar link')).toBeFocused();

    const again = page.getByRole('button', { name: 'Make a new link' });
    await again.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Yes, make a new link' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Keep the current link' })).toBeFocused();
    await page.keyboard.press('Enter');
    // The button pressed goes: the focus goes back to the one that asked, not to the page's body.
    await expect(page.getByRole('button', { name: 'Keep the current link' })).toHaveCount(0);
    await expect(again).toBeFocused();
  });
});
