import { customer, customerBooking, jobCard, signIn, ukDay } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';

test('the admin and a customer chat both ways: a new customer message arrives without a reload, the reply is the business’s', async ({ page, server }) => {
  const carl = await customer(server, 'carl.chat@example.com', 'Carl', 'Chat');
  const booking = await customerBooking(carl, 'carl.chat@example.com', { firstName: 'Carl', lastName: 'Chat' }, 'Is Tuesday still on?');
  await signIn(page);
  await page.getByRole('tab', { name: 'Chat' }).click();
  const thread = page.getByRole('button', { name: /^Carl Chat/ });
  await expect(thread).toContainText('New');
  await thread.click();
  await expect(page.getByRole('heading', { name: 'Chat with Carl Chat' })).toBeFocused();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('Is Tuesday still on?');

  // Blank is not sent.
  await page.getByLabel('Your reply').fill('   ');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message cannot be empty')).toBeVisible();

  await page.getByLabel('Your reply').fill('Yes, 9am Tuesday.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(log.getByRole('listitem').last()).toContainText('Yes, 9am Tuesday.');
  await expect(page.getByLabel('Your reply')).toHaveValue('');
  await expect.poll(async () => (await carl.get(`/api/bookings/${booking.id}/messages`)).data.length).toBe(2);
  const [, reply] = (await carl.get(`/api/bookings/${booking.id}/messages`)).data as Array<{ content: string; isFromAdmin: boolean; senderName: string }>;
  expect(reply).toMatchObject({ content: 'Yes, 9am Tuesday.', isFromAdmin: true, senderName: 'Admin User' });

  // The customer answers; it shows on the open chat by itself (the tablet pulls every 5 s).
  expect((await carl.post(`/api/bookings/${booking.id}/messages`, { content: 'Great, the side gate is open.' })).status).toBe(201);
  await expect(log).toContainText('Great, the side gate is open.', { timeout: 10_000 });

  // Opened from the list of chats: back to that list, on this chat.
  await page.getByRole('button', { name: 'Back to all chats' }).click();
  await expect(page.getByRole('button', { name: /^Carl Chat/ })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Carl Chat/ })).toContainText('3 messages');
  await expect(page.getByRole('button', { name: /^Carl Chat/ })).toContainText('New');
  expect(server.storage.queries.messages(booking.id)).toHaveLength(3);
});

test.describe('on a tablet held sideways', () => {
  test.use({ viewport: { width: 1180, height: 820 }, hasTouch: true });

  test('a chat opened from a job card down the list shows from its heading to the reply box, and Back goes back to the jobs', async ({ page, server }) => {
    const tess = await customer(server, 'tess.tablet@example.com', 'Tess', 'Tablet');
    for (let i = 0; i < 5; i++) await customerBooking(tess, 'tess.tablet@example.com', { firstName: `Filler${i}`, lastName: 'Job' });
    const job = await customerBooking(tess, 'tess.tablet@example.com', { firstName: 'Tess', lastName: 'Tablet' }, 'Which day suits you?');
    // A long conversation: more than its box shows at once.
    for (let i = 1; i <= 12; i++) expect((await tess.post(`/api/bookings/${job.id}/messages`, { content: `Another thought, number ${i}` })).status).toBe(201);
    await signIn(page);
    // Her six jobs, by a search (which must still be there on the way back).
    await page.getByRole('searchbox', { name: 'Find a job' }).fill('tess.tablet');
    await expect(page.locator('.admin-job')).toHaveCount(6);
    const card = jobCard(page, 'Tess Tablet');
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: /^Chat/ }).click();

    const heading = page.getByRole('heading', { name: 'Chat with Tess Tablet' });
    await expect(heading).toBeFocused();
    const tabs = page.getByRole('tablist', { name: 'Admin sections' });
    // Below the sticky tabs, and the reply box on the same screen.
    await expect.poll(async () => (await heading.boundingBox())!.y >= (await tabs.boundingBox())!.y + (await tabs.boundingBox())!.height).toBe(true);
    await expect(page.getByLabel('Your reply')).toBeInViewport();
    // The newest message in view in the log; the page itself did not scroll past the heading for it.
    await expect(page.getByRole('log', { name: 'Messages' }).getByText('Another thought, number 12')).toBeInViewport();
    await expect(heading).toBeInViewport();

    await page.getByRole('button', { name: 'Back to Bookings' }).click();
    await expect(page.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
    // Where the electrician was: the search as typed, and the focus on this job's Chat button, on the screen.
    await expect(page.getByRole('searchbox', { name: 'Find a job' })).toHaveValue('tess.tablet');
    await expect(card.getByRole('button', { name: /^Chat/ })).toBeFocused();
    await expect(card.getByRole('button', { name: /^Chat/ })).toBeInViewport({ ratio: 1 });
  });
});

test('a chat opened from a calendar day says Back to Calendar, and goes back to that day', async ({ page, server }) => {
  const cal = await customer(server, 'cal.chat@example.com', 'Cal', 'Chat');
  const day = ukDay(45);
  await customerBooking(cal, 'cal.chat@example.com', { firstName: 'Cal', lastName: 'Chat', startDate: day, finishDate: day }, 'Is the day still fine?');
  await signIn(page);
  await page.goto(`/admin?tab=calendar&month=${day.slice(0, 7)}&day=${day}`);
  await page.getByRole('button', { name: 'Chat with Cal Chat' }).click();
  await expect(page.getByRole('heading', { name: 'Chat with Cal Chat' })).toBeFocused();
  await page.getByRole('button', { name: 'Back to Calendar' }).click();
  await expect(page.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Chat with Cal Chat' })).toBeFocused();
});
