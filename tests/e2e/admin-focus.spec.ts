import { expect, test } from './fixtures.ts';
import { adminClient, customer, customerBooking, expectCounters, jobCard, ownServer, serverCounts, signIn, ukDay } from './admin-seed.ts';
import { expectToast } from './portal-helpers.ts';

/**
 * The admin portal as a keyboard-only and screen-reader user meets it (WCAG 2.4.3, 2.4.6, 4.1.3): where the focus
 * goes once what had it is gone, what a search or an answer says out loud, and controls named with their job.
 * The customer's side and the public pages are in focus.spec.ts.
 */
test.describe('the admin portal', () => {
  test('each job’s status selector and notes are named with the job', async ({ page, server }) => {
    const ann = await customer(server, 'focus.ann@example.com', 'Ann', 'Focus');
    await customerBooking(ann, 'focus.ann@example.com', { firstName: 'Ann', lastName: 'Focus' });
    const ben = await customer(server, 'focus.ben@example.com', 'Ben', 'Focus');
    await customerBooking(ben, 'focus.ben@example.com', { firstName: 'Ben', lastName: 'Focus' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    // Every card has one: "Status, Status, Status" in a screen reader's list of fields said nothing of which job.
    await expect(jobCard(page, 'Ann Focus').getByRole('combobox', { name: 'Status of Ann Focus’s job' })).toBeVisible();
    await expect(jobCard(page, 'Ben Focus').getByRole('combobox', { name: 'Status of Ben Focus’s job' })).toBeVisible();
    // So is each card's notes region (the list of regions read "Notes, Notes, Notes").
    await expect(jobCard(page, 'Ann Focus').getByRole('region', { name: 'Notes on Ann Focus’s job' })).toBeVisible();
    await expect(jobCard(page, 'Ben Focus').getByRole('region', { name: 'Notes on Ben Focus’s job' })).toBeVisible();
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
    await expect(heard('match')).toHaveText('No jobs match.');

    await page.getByRole('tab', { name: 'Contacts' }).click();
    const contacts = page.getByRole('searchbox', { name: 'Find a contact' });
    await contacts.fill('Findable');
    await expect(heard('match')).toHaveText('1 contact matches');
    await contacts.fill('Findable nobody');
    await expect(heard('match')).toHaveText('No contacts match.');
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

  test('Escape closes a job’s Change dates as Keep these dates does', async ({ page, server }) => {
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
