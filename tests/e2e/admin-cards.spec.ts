import type { Page } from '@playwright/test';
import { adminClient, customer, customerBooking, jobCard, outboxCount, ownServer, signIn, ukDay } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';

const own = ownServer();

/**
 * The job cards React drew again since the last call, by the name on them (the first call only takes note). A
 * memoised card that is not drawn again keeps its hook state; one that is drawn makes new hook state objects, and the
 * card's component is the fiber right above its `<li>` (production React keeps the fiber on the element).
 */
function cardsDrawn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Fiber = { return: Fiber | null; alternate: Fiber | null; memoizedState: unknown };
    const w = window as unknown as { __cardStates?: WeakSet<object> };
    const seen = (w.__cardStates ??= new WeakSet());
    const drawn: string[] = [];
    for (const li of document.querySelectorAll('.admin-job')) {
      const key = Object.keys(li).find((k) => k.startsWith('__reactFiber$'));
      const card = key ? (li as unknown as Record<string, Fiber>)[key]!.return : null;
      if (!card) throw new Error('no React fiber on a job card');
      let fresh = false;
      for (const fiber of [card, card.alternate]) {
        const state = fiber?.memoizedState;
        if (typeof state !== 'object' || state === null || seen.has(state)) continue;
        seen.add(state);
        fresh = true;
      }
      if (fresh) drawn.push(li.querySelector('h3')?.textContent ?? '?');
    }
    return drawn.sort();
  });
}

/** A job's status chosen on its card, sent and taken by the server (nothing left waiting on the device). */
async function statusTaken(page: Page, name: string, status: string, badge: string): Promise<void> {
  const card = jobCard(page, name);
  await expect(card.locator('.admin-card__head .status-badge')).toHaveText(badge);
  await expect(card).not.toContainText('Waiting to send');
  await expect.poll(() => outboxCount(page)).toBe(0);
  await expect.poll(() => own.server.storage.queries.bookings().find((b) => `${b.firstName} ${b.lastName}` === name)?.status).toBe(status);
}

test('changing one job’s status draws its own card again, not the others on the screen', async ({ page }) => {
  const { server } = own;
  for (const [first, last] of [
    ['Cara', 'Calm'],
    ['Dev', 'Daily'],
    ['Eve', 'Even'],
  ] as const) {
    const email = `${first.toLowerCase()}.${last.toLowerCase()}@example.com`;
    await customerBooking(await customer(server, email, first, last), email, { firstName: first, lastName: last });
  }
  await signIn(page, server.url);
  for (const name of ['Cara Calm', 'Dev Daily', 'Eve Even']) await expect(jobCard(page, name)).toBeVisible();
  await expect.poll(() => outboxCount(page)).toBe(0);
  await cardsDrawn(page);

  await jobCard(page, 'Dev Daily').getByLabel('Status').selectOption('in_progress');
  await statusTaken(page, 'Dev Daily', 'in_progress', 'in progress');
  expect(await cardsDrawn(page)).toEqual(['Dev Daily']);
});

test('a status change that makes or ends a double booking draws the two cards it concerns, with the warning put right', async ({ page }) => {
  const { server } = own;
  const day = ukDay(70);
  const admin = await adminClient(server);
  const held = { firstName: 'Held', lastName: 'Slot', serviceType: 'rewiring', startDate: day, finishDate: day, startTime: '09:00', finishTime: '12:00', status: 'confirmed', isManualBooking: true };
  expect((await admin.post('/api/bookings', held)).status).toBe(201);
  const tia = await customer(server, 'tia.tight@example.com', 'Tia', 'Tight');
  await customerBooking(tia, 'tia.tight@example.com', { firstName: 'Tia', lastName: 'Tight', startDate: day, finishDate: day, startTime: '11:00', finishTime: '13:00' });
  // A job on another day, booked: nothing to do with the two.
  const una = await customer(server, 'una.apart@example.com', 'Una', 'Apart');
  await customerBooking(una, 'una.apart@example.com', { firstName: 'Una', lastName: 'Apart' });
  expect((await admin.post('/api/bookings', { ...held, firstName: 'Bo', lastName: 'Booked', startDate: ukDay(71), finishDate: ukDay(71) })).status).toBe(201);
  await signIn(page, server.url);
  const tiaCard = jobCard(page, 'Tia Tight');
  const heldCard = jobCard(page, 'Held Slot');
  await expect(tiaCard).toBeVisible();
  await expect(jobCard(page, 'Una Apart')).toBeVisible();
  await expect(jobCard(page, 'Bo Booked')).toBeVisible();
  await expect(heldCard.locator('.admin-overlap')).toHaveCount(0);
  await expect.poll(() => outboxCount(page)).toBe(0);
  await cardsDrawn(page);

  // Confirmed into Held Slot's morning: asked first, then both cards say so.
  await tiaCard.getByLabel('Status').selectOption('confirmed');
  await tiaCard.getByRole('button', { name: 'Book anyway' }).click();
  await statusTaken(page, 'Tia Tight', 'confirmed', 'confirmed');
  await expect(tiaCard.locator('.admin-overlap')).toHaveText(/Double booked with Held Slot/);
  await expect(heldCard.locator('.admin-overlap')).toHaveText(/Double booked with Tia Tight/);
  expect(await cardsDrawn(page)).toEqual(['Held Slot', 'Tia Tight']);

  // Called off: the warning goes from both.
  await tiaCard.getByLabel('Status').selectOption('cancelled');
  await tiaCard.getByRole('button', { name: 'Yes, cancel the job' }).click();
  await statusTaken(page, 'Tia Tight', 'cancelled', 'cancelled');
  await expect(heldCard.locator('.admin-overlap')).toHaveCount(0);
  await expect(tiaCard.locator('.admin-overlap')).toHaveCount(0);
  expect(await cardsDrawn(page)).toEqual(['Held Slot', 'Tia Tight']);
});
