import type { Page } from '@playwright/test';
import { adminClient, customer, customerBooking, expectCounters, holdPulls, jobCard, pullNow, serverCounts, signIn, ukDay } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';
import type { TestServer } from '../support/server.ts';

/** A customer's job request (at `first.last@example.com`), pending on the signed-in tablet: the job, its card and the card's status. */
async function pendingOnTablet(page: Page, server: TestServer, firstName: string, lastName: string, dates: Record<string, string> = {}) {
  const email = `${firstName}.${lastName}@example.com`.toLowerCase();
  const booking = await customerBooking(await customer(server, email, firstName, lastName), email, { firstName, lastName, ...dates });
  await signIn(page);
  const card = jobCard(page, `${firstName} ${lastName}`);
  const badge = card.locator('.admin-card__head .status-badge');
  await expect(badge).toHaveText('pending');
  return { booking, card, badge };
}

/**
 * A job's status change queued with no signal and refused when it is sent: the card shows the job as the server has
 * it, the refused change only in its panel (as refused dates, notes and cancellations are), never as if it had landed.
 */
test.describe('a status change the server refused', () => {
  test('started offline while the office cancelled the job: the card shows it cancelled, the start only in its panel, until the admin keeps it', async ({ page, context, server }) => {
    const { booking, card, badge } = await pendingOnTablet(page, server, 'Rhea', 'Restarted');

    // No pull gets through from here until the admin answers (the signal comes back later for the job's change alone).
    const release = await holdPulls(page);
    // In the loft: started with no signal, and shown at once as waiting.
    await context.setOffline(true);
    await card.getByLabel('Status').selectOption('in_progress');
    // Kept to send later (not on its way: it goes from the outbox once the signal returns).
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(card.locator('.admin-card__head')).toContainText('Waiting to send');
    await expect(badge).toHaveText('in progress');
    // Meanwhile the office cancels the job.
    const office = await adminClient(server);
    expect((await office.request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'cancelled' } })).status).toBe(200);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const problem = card.locator('.admin-problem');
    await expect(problem.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeVisible({ timeout: 20_000 });
    await expect(problem.locator('.admin-version').first()).toContainText('in progress');
    await expect(problem.locator('.admin-version').last()).toContainText('cancelled');
    // Made at the office: who, and no word of a customer's own change.
    await expect(problem.locator('.admin-version').last()).toContainText(/By \S.*: status changed from pending to cancelled\./);
    await expect(problem).not.toContainText('the customer');
    // The card itself: the server's status (the refusal brought it), marked as not accepted; the counters count what the server has.
    await expect(card.locator('.admin-card__head')).toContainText('Not accepted');
    await expect(badge).toHaveText('cancelled');
    await expect(card.getByLabel('Status')).toHaveValue('cancelled');
    await expectCounters(page, serverCounts(server));
    expect(server.storage.queries.booking(booking.id)?.status).toBe('cancelled');

    await release();
    await problem.getByRole('button', { name: 'Keep mine (in progress)' }).click();
    await expect(problem).toHaveCount(0);
    await expect.poll(() => server.storage.queries.booking(booking.id)?.status).toBe('in_progress');
    await expect(badge).toHaveText('in progress');
    await expect(card.locator('.admin-card__head')).not.toContainText('Not accepted');
  });

  test('confirmed offline while the customer withdrew their request: the panel says it was the customer, and what keeping the confirmation means', async ({ page, context, server }) => {
    const client = await customer(server, 'wanda.withdrew@example.com', 'Wanda', 'Withdrew');
    const booking = await customerBooking(client, 'wanda.withdrew@example.com', { firstName: 'Wanda', lastName: 'Withdrew' });
    await signIn(page);
    const card = jobCard(page, 'Wanda Withdrew');
    await expect(card.locator('.admin-card__head .status-badge')).toHaveText('pending');

    const release = await holdPulls(page);
    await context.setOffline(true);
    await card.getByLabel('Status').selectOption('confirmed');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Wanda Withdrew: confirmed' })).toBeVisible();
    // Meanwhile the customer calls the job off from their portal.
    expect((await client.post(`/api/bookings/${booking.id}/cancel`, {})).status).toBe(200);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const problem = card.locator('.admin-problem');
    await expect(problem.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeVisible({ timeout: 20_000 });
    const server_ = problem.locator('.admin-version').last();
    await expect(server_).toContainText('By Wanda Withdrew, the customer: status changed from pending to cancelled.');
    await expect(server_).toContainText('Keeping yours goes over their own change.');

    // Waiting to send sends the admin to that card: sent again as it is, the change was refused again each time.
    await page.getByRole('button', { name: /^Waiting to send/ }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting to send' });
    const entry = panel.locator('.outbox-entry').filter({ hasText: 'Wanda Withdrew' });
    await expect(entry).toContainText('Its card shows both versions and asks which to keep.');
    // When it was made, written as every other moment is ('1 Dec 2026, 14:05'), not '01/12/2026, 14:05'.
    await expect(entry.locator('.outbox-entry__time')).toHaveText(/^ · saved \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    await expect(entry.getByRole('button', { name: 'Send again' })).toHaveCount(0);
    await entry.getByRole('button', { name: 'Open the job' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`job=${booking.id}`));
    await expect(problem.getByRole('button', { name: 'Keep mine (confirmed)' })).toBeVisible();
    await release();
  });

  test('a run of changes kept offline while the office cancelled the job and wrote notes: taking the server’s status sends none of the run, and asks before any notes go over the office’s', async ({ page, context, server }) => {
    const { booking, card } = await pendingOnTablet(page, server, 'Xena', 'Queued');

    const release = await holdPulls(page);
    await context.setOffline(true);
    await card.getByLabel('Status').selectOption('confirmed');
    await expect(page.getByText('Saved on this device').first()).toBeVisible();
    await card.getByLabel('Status').selectOption('in_progress');
    await card.getByRole('button', { name: /^Add notes/ }).click();
    await card.getByRole('textbox', { name: 'Notes' }).fill('Board labelled, RCD tested');
    await card.getByRole('button', { name: 'Save notes' }).click();
    await expect(card.getByRole('region', { name: /^Notes on / })).toContainText('Waiting to send');
    // Meanwhile the office cancels the job and writes its own notes on it.
    const office = await adminClient(server);
    expect((await office.request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'cancelled' } })).status).toBe(200);
    expect((await office.request('PUT', `/api/bookings/${booking.id}/notes`, { json: { notes: 'Gate code 4321' } })).status).toBe(200);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const problem = card.locator('.admin-problem').first();
    await expect(problem.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeVisible({ timeout: 20_000 });
    await expect(problem.locator('.admin-version').last()).toContainText('cancelled');
    await release();
    await problem.getByRole('button', { name: /^Take the server’s/ }).click();

    // The start queued behind the dropped confirmation was made on it: refused in its turn and asked about, not sent
    // over the office's cancellation (it went through, and the job was under way again).
    const next = card.locator('.admin-problem').filter({ hasText: 'in progress' });
    await expect(next.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeVisible({ timeout: 20_000 });
    expect(server.storage.queries.booking(booking.id)).toMatchObject({ status: 'cancelled', notes: 'Gate code 4321' });
    await next.getByRole('button', { name: /^Take the server’s/ }).click();

    // The notes go next, and are asked about too: the office's stay on the server, not overwritten by the tablet's
    // (a status settled either way moved them on to the server's version, past the office's notes).
    const notes = card.locator('.admin-problem').filter({ has: page.getByRole('heading', { name: 'Notes changed elsewhere meanwhile' }) });
    await expect(notes).toBeVisible({ timeout: 20_000 });
    await expect(notes.locator('.admin-version').first()).toContainText('Board labelled, RCD tested');
    await expect(notes.locator('.admin-version').last()).toContainText('Gate code 4321');
    expect(server.storage.queries.booking(booking.id)).toMatchObject({ status: 'cancelled', notes: 'Gate code 4321' });
  });

  test('changes to two jobs refused together when the signal is back are told in one toast, not one each', async ({ page, context, server }) => {
    const { booking: first, card: firstCard } = await pendingOnTablet(page, server, 'Tia', 'Together');
    const second = await customerBooking(await customer(server, 'tom.together@example.com', 'Tom', 'Together'), 'tom.together@example.com', { firstName: 'Tom', lastName: 'Together' });
    await pullNow(page);
    const secondCard = jobCard(page, 'Tom Together');
    await expect(secondCard).toBeVisible();

    const release = await holdPulls(page);
    await context.setOffline(true);
    await firstCard.getByLabel('Status').selectOption('confirmed');
    await secondCard.getByLabel('Status').selectOption('confirmed');
    // Both kept on the device before the signal comes back (a form still waiting for its first answer tells its own
    // refusal, and the page rightly leaves it out of the toast).
    const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Saved on this device' });
    for (const name of ['Tia Together', 'Tom Together']) await expect(saved.filter({ hasText: `${name}: confirmed` })).toBeVisible();
    const office = await adminClient(server);
    for (const id of [first.id, second.id]) expect((await office.request('PATCH', `/api/bookings/${id}`, { json: { status: 'cancelled' } })).status).toBe(200);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(secondCard.locator('.admin-problem')).toBeVisible({ timeout: 20_000 });
    await expect(firstCard.locator('.admin-problem')).toBeVisible();
    const told = page.locator('[data-sonner-toast]').filter({ hasText: 'Not accepted' });
    await expect(told).toContainText('2 things you saved on this device were not accepted.');
    await expect(told).toHaveCount(1);
    await release();
  });

  test('refused at once as changed elsewhere while no pull gets through: the card shows the job as its panel says the server has it', async ({ page, server }) => {
    const { booking, card, badge } = await pendingOnTablet(page, server, 'Otto', 'Overtaken');

    // The tablet's pulls stop getting through, and the office starts the job meanwhile.
    const release = await holdPulls(page);
    const office = await adminClient(server);
    expect((await office.request('PATCH', `/api/bookings/${booking.id}`, { json: { status: 'in_progress' } })).status).toBe(200);

    await card.getByLabel('Status').selectOption('cancelled');
    await card.getByRole('button', { name: 'Yes, cancel the job' }).click();
    const problem = card.locator('.admin-problem');
    await expect(problem.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeFocused();
    await expect(problem.locator('.admin-version').first()).toContainText('cancelled');
    await expect(problem.locator('.admin-version').last()).toContainText('in progress');
    // No pull brought it, yet the card says what its panel says: the server's status, in the selector and the counters too.
    await expect(badge).toHaveText('in progress');
    await expect(card.getByLabel('Status')).toHaveValue('in_progress');
    await expectCounters(page, serverCounts(server));

    await release();
    await problem.getByRole('button', { name: /^Take the server’s/ }).click();
    await expect(problem).toHaveCount(0);
    await expect(badge).toHaveText('in progress');
    expect(server.storage.queries.booking(booking.id)?.status).toBe('in_progress');
  });

  test('confirmed offline into a slot the office booked meanwhile: the card stays pending with the double booking to answer, and Book anyway confirms it', async ({ page, context, server }) => {
    const day = ukDay(347);
    const { booking, card, badge } = await pendingOnTablet(page, server, 'Cleo', 'Clash', { startDate: day, finishDate: day, startTime: '10:00', finishTime: '14:00' });

    // No signal: the office books the morning, which the tablet cannot know; the tablet confirms Cleo's job.
    await context.setOffline(true);
    const office = await adminClient(server);
    const held = { firstName: 'Hal', lastName: 'Heldfast', serviceType: 'rewiring', startDate: day, finishDate: day, startTime: '09:00', finishTime: '12:00', status: 'confirmed', isManualBooking: true };
    expect((await office.post('/api/bookings', held)).status).toBe(201);
    await card.getByLabel('Status').selectOption('confirmed');
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(card.locator('.admin-card__head')).toContainText('Waiting to send');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const problem = card.locator('.admin-problem');
    await expect(problem.getByRole('heading', { name: 'Double booking' })).toBeVisible({ timeout: 20_000 });
    await expect(problem).toContainText('Setting it to confirmed overlaps a job already booked');
    await expect(problem).toContainText('Hal Heldfast', { timeout: 15_000 });
    // Not confirmed on the server, so not on the card, and the job booked there is not double-booked with it.
    await expect(card.locator('.admin-card__head')).toContainText('Not accepted');
    await expect(badge).toHaveText('pending');
    await expect(card.getByLabel('Status')).toHaveValue('pending');
    await expect(jobCard(page, 'Hal Heldfast')).toBeVisible();
    await expect(jobCard(page, 'Hal Heldfast').locator('.admin-overlap')).toHaveCount(0);
    await expectCounters(page, serverCounts(server));
    expect(server.storage.queries.booking(booking.id)?.status).toBe('pending');

    await problem.getByRole('button', { name: 'Book anyway' }).click();
    await expect.poll(() => server.storage.queries.booking(booking.id)?.status).toBe('confirmed');
    await expect(problem).toHaveCount(0);
    await expect(badge).toHaveText('confirmed');
    await expect(card.locator('.admin-card__head')).not.toContainText('Not accepted');
    await expect(card.locator('.admin-overlap')).toContainText('Double booked with Hal Heldfast');
    await expect(jobCard(page, 'Hal Heldfast').locator('.admin-overlap')).toContainText('Double booked with Cleo Clash');
  });
  test('refused at once as a double booking with a job this tablet has not pulled yet: the panel names it from the server’s answer', async ({ page, server }) => {
    const day = ukDay(353);
    const { booking, card, badge } = await pendingOnTablet(page, server, 'Dora', 'Unseen', { startDate: day, finishDate: day, startTime: '10:00', finishTime: '14:00' });

    // The office books the morning on its own computer while the tablet's pulls do not get through.
    const release = await holdPulls(page);
    const office = await adminClient(server);
    const olive = { firstName: 'Olive', lastName: 'Office', serviceType: 'rewiring', startDate: day, finishDate: day, startTime: '09:00', finishTime: '12:00', status: 'confirmed', isManualBooking: true };
    expect((await office.post('/api/bookings', olive)).status).toBe(201);

    // The tablet knows of no clash, so the confirmation goes, and the server refuses it, naming the job in the way.
    await card.getByLabel('Status').selectOption('confirmed');
    const problem = card.locator('.admin-problem');
    await expect(problem.getByRole('heading', { name: 'Double booking' })).toBeFocused();
    await expect(problem.getByRole('listitem')).toHaveText(/^Olive Office – /);
    await expect(problem).toContainText('Setting it to confirmed overlaps a job already booked (confirmed or under way):');
    await expect(problem).not.toContainText('caught up');
    await expect(badge).toHaveText('pending');
    expect(server.storage.queries.booking(booking.id)?.status).toBe('pending');

    // The copy catches up: the same job, named once.
    await release();
    await pullNow(page);
    await expect(jobCard(page, 'Olive Office')).toBeVisible();
    await expect(problem.getByRole('listitem')).toHaveText(/^Olive Office – /);

    await problem.getByRole('button', { name: 'Book anyway' }).click();
    await expect.poll(() => server.storage.queries.booking(booking.id)?.status).toBe('confirmed');
    await expect(problem).toHaveCount(0);
    await expect(card.locator('.admin-overlap')).toContainText('Double booked with Olive Office');
  });
});
