import { BUSINESS } from '#domain/business.ts';
import { addJob, adminClient, customer, customerBooking, expectCounters, jobCard, serverCounts, signIn, ukDay } from './admin-seed.ts';
import { controlled, expect, test } from './fixtures.ts';

// The real service worker: after one visit the portal opens with no network at all.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 90_000 });

test('the admin’s whole round offline (read, change statuses, reply, add a job) lands exactly once, and a change made elsewhere meanwhile asks which to keep', async ({ page, context, server }) => {
  const olga = await customer(server, 'olga.offline@example.com', 'Olga', 'Offline');
  const first = await customerBooking(olga, 'olga.offline@example.com', { firstName: 'Olga', lastName: 'Offline' }, 'Can you bring a ladder?');
  const second = await customerBooking(olga, 'olga.offline@example.com', { firstName: 'Oscar', lastName: 'Offline', startDate: ukDay(12), finishDate: ukDay(12) });
  await signIn(page);
  await controlled(page);
  await expect(jobCard(page, 'Oscar Offline')).toBeVisible();

  // In the basement: no network, and the tablet reopens the portal from what it has.
  await context.setOffline(true);
  await page.reload();
  await expect(jobCard(page, 'Olga Offline')).toBeVisible();
  await expect(page.getByText(/Offline: showing this device’s copy/)).toBeVisible();
  const before = serverCounts(server);
  await expectCounters(page, before);

  await jobCard(page, 'Olga Offline').getByLabel('Status').selectOption('in_progress');
  await jobCard(page, 'Oscar Offline').getByLabel('Status').selectOption('completed');
  await expectCounters(page, {
    total: before.total,
    pending: String(Number(before.pending) - 2),
    progress: String(Number(before.progress) + 1),
    done: String(Number(before.done) + 1),
  });

  await jobCard(page, 'Olga Offline').getByRole('button', { name: /^Chat/ }).click();
  await expect(page.getByRole('log')).toContainText('Can you bring a ladder?');
  await page.getByLabel('Your reply').fill('The ladder is in the van.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('log').getByRole('listitem').last()).toContainText('Waiting to send');
  // Shown as the business's reply while it waits, not as the customer's.
  await expect(page.getByRole('log').getByRole('listitem').last()).toContainText(`Admin User (${BUSINESS.name} team)`);
  await page.getByRole('button', { name: 'Back to Bookings' }).click();
  // A reply to Oscar too, after his status change: it does not wait on that change.
  await jobCard(page, 'Oscar Offline').getByRole('button', { name: /^Chat/ }).click();
  await page.getByLabel('Your reply').fill('See you at nine.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('log').getByRole('listitem').last()).toContainText('Waiting to send');
  await page.getByRole('button', { name: 'Back to Bookings' }).click();

  await page.getByRole('tab', { name: 'Bookings' }).click();
  await addJob(page, 'Owen', 'Offline', ukDay(30));
  await expect(jobCard(page, 'Owen Offline')).toContainText('Waiting to send');
  await expect(page.getByRole('button', { name: /Waiting to send \(5\)/ })).toBeVisible();

  // Meanwhile, from the office: Oscar's job is cancelled.
  const office = await adminClient(server);
  expect((await office.request('PATCH', `/api/bookings/${second.id}`, { json: { status: 'cancelled' } })).status).toBe(200);

  // Back up the ladder: signal again.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const oscar = jobCard(page, 'Oscar Offline');
  await expect(oscar.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeVisible({ timeout: 20_000 });
  await expect(oscar.locator('.admin-version').first()).toContainText('completed');
  await expect(oscar.locator('.admin-version').last()).toContainText('cancelled');
  await expect(page.getByRole('button', { name: /Waiting to send/ })).toHaveText(/\(1\).*1 not accepted/);

  // Everything else landed, once each.
  await expect.poll(() => server.storage.queries.bookings().filter((b) => b.firstName === 'Owen').length).toBe(1);
  expect(server.storage.queries.booking(first.id)?.status).toBe('in_progress');
  expect(server.storage.queries.messages(first.id).map((m) => [m.content, m.isFromAdmin])).toEqual([
    ['Can you bring a ladder?', false],
    ['The ladder is in the van.', true],
  ]);
  expect(server.storage.queries.booking(second.id)?.status).toBe('cancelled');
  // The reply to Oscar went, though his job's status change waits for a decision.
  expect(server.storage.queries.messages(second.id).map((m) => m.content)).toEqual(['See you at nine.']);

  await oscar.getByRole('button', { name: 'Keep mine (completed)' }).click();
  await expect(oscar.getByRole('heading', { name: 'Changed elsewhere meanwhile' })).toBeHidden();
  await expect.poll(() => server.storage.queries.booking(second.id)?.status).toBe('completed');
  await expect(page.getByRole('button', { name: /Waiting to send/ })).toBeHidden();
  expect(server.storage.store.readStream(`booking-${second.id}`).map((e) => (e.type === 'BookingStatusChanged' ? e.data.to : e.type))).toEqual(['BookingRequested', 'cancelled', 'completed']);
  expect(server.storage.store.readStream(`booking-${first.id}`).map((e) => e.type)).toEqual(['BookingRequested', 'BookingStatusChanged']);
  expect(server.storage.queries.bookings().filter((b) => b.firstName === 'Owen').map((b) => [b.status, b.isManualBooking])).toEqual([['confirmed', true]]);
  await expectCounters(page, serverCounts(server));
});

test('with signal but our server out of reach, the admin is told of the server, not of the signal; with no signal, of the signal', async ({ page, context, server }) => {
  const una = await customer(server, 'una.unreached@example.com', 'Una', 'Unreached');
  const unreached = await customerBooking(una, 'una.unreached@example.com', { firstName: 'Una', lastName: 'Unreached' }, 'Is Tuesday fine?');
  const nico = await customerBooking(una, 'una.unreached@example.com', { firstName: 'Nico', lastName: 'Nosignal' });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await controlled(page);
  await expect(jobCard(page, 'Nico Nosignal')).toBeVisible();
  const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Saved on this device' });
  const shots = (name: string) => page.screenshot({ path: test.info().outputPath(`phone-admin-${name}.png`) });

  // The server refuses every connection, the service worker's too; the tablet has signal (the browser says it is online).
  await context.route('**/api/**', (route) => route.abort('connectionrefused'));
  await jobCard(page, 'Una Unreached').getByLabel('Status').selectOption('confirmed');
  await expect(saved.filter({ hasText: 'Una Unreached: confirmed.' })).toContainText('It is sent as soon as the server can be reached, and Una gets an email saying so.');
  await expect(page.locator('.outbox-bar__offline')).toHaveText('Our server cannot be reached just now. What you send is kept on this device and goes by itself as soon as it can.');
  await expect(page.getByText(/Server cannot be reached: showing this device’s copy/)).toBeVisible();
  // (Not /offline/i: the test before books the Offline family on this server.)
  await expect(page.getByText(/you’re offline|back online|offline: showing/i)).toHaveCount(0);
  await shots('unreachable-status');

  await jobCard(page, 'Una Unreached').getByRole('button', { name: /^Chat/ }).click();
  await page.getByLabel('Your reply').fill('Tuesday is fine.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toHaveText('Saved on this device: it goes as soon as the server can be reached.');
  await shots('unreachable-reply');
  await page.getByRole('button', { name: 'Back to Bookings' }).click();

  // No signal at all: the signal's words, on the line, the copy and the toast.
  await context.setOffline(true);
  await expect(page.getByText('You’re offline.')).toBeVisible();
  await jobCard(page, 'Nico Nosignal').getByLabel('Status').selectOption('confirmed');
  await expect(saved.filter({ hasText: 'Nico Nosignal: confirmed.' })).toContainText('It is sent when you’re back online, and Nico gets an email saying so.');
  await expect(page.getByText(/Offline: showing this device’s copy/)).toBeVisible();
  await expect(page.getByText(/server cannot be reached/i)).toHaveCount(0);
  await shots('offline-status');

  // Signal and server back: everything lands once.
  await context.unroute('**/api/**');
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => [server.storage.queries.booking(unreached.id)?.status, server.storage.queries.booking(nico.id)?.status], { timeout: 20_000 }).toEqual(['confirmed', 'confirmed']);
  await expect.poll(() => server.storage.queries.messages(unreached.id).map((m) => m.content)).toEqual(['Is Tuesday fine?', 'Tuesday is fine.']);
  await expect(page.getByRole('button', { name: /Waiting to send/ })).toBeHidden();
  await expect(page.getByText('You’re offline.')).toBeHidden();
});

/** Waits until the service worker controls the page (precached: from here on the network is optional). */
test('offline, the sticky tabs stay below the offline line, which is part of the sticky header', async ({ page, context }) => {
  await signIn(page);
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  // Where the tabs stick, and how tall the sticky header is: the same, with or without the offline line.
  const stuckAt = (): Promise<[number, number]> =>
    tabs.evaluate((element): [number, number] => [
      Math.round(parseFloat(getComputedStyle(element).top)),
      Math.round(document.querySelector('.site-header')!.getBoundingClientRect().height),
    ]);
  const [onlineTop, onlineHeader] = await stuckAt();
  expect(onlineTop).toBe(onlineHeader);

  await context.setOffline(true);
  await expect(page.getByText('You’re offline.')).toBeVisible();
  await expect.poll(async () => {
    const [top, header] = await stuckAt();
    return top === header && top > onlineTop;
  }).toBe(true);

  await context.setOffline(false);
  await expect(page.getByText('You’re offline.')).toHaveCount(0);
  await expect.poll(stuckAt).toEqual([onlineTop, onlineHeader]);
});
