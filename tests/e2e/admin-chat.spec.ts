import { customer, customerBooking, signIn } from './admin-seed.ts';
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

  await page.getByRole('button', { name: 'Back to Bookings' }).click();
  await expect(page.getByRole('button', { name: /^Carl Chat/ })).toContainText('3 messages');
  await expect(page.getByRole('button', { name: /^Carl Chat/ })).toContainText('New');
  expect(server.storage.queries.messages(booking.id)).toHaveLength(3);
});
