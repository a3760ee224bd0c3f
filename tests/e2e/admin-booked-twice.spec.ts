import { customer, customerBooking, jobCard, signIn, ukDay } from './admin-seed.ts';
import { expect, test } from './fixtures.ts';

// A customer who booked the same job twice (another device, again after no answer, New Booking then Quick booking)
// gave the electrician two jobs for one visit: confirming both double-booked the day with the same person.
test('a booking repeating an earlier one of the same person and service on the same days says so, and Show that booking goes to it', async ({
  page,
  server,
}) => {
  const email = 'tilly.twicebooked@example.com';
  const tilly = await customer(server, email, 'Tilly', 'Twicebooked');
  const who = { firstName: 'Tilly', lastName: 'Twicebooked', phone: '01632 960731', serviceType: 'socket_installation' };
  await customerBooking(tilly, email, { ...who, startDate: ukDay(211), finishDate: ukDay(212), description: 'Booked first' });
  await customerBooking(tilly, email, { ...who, startDate: ukDay(212), finishDate: ukDay(212), description: 'Booked again' });
  // Other days, or another service: no repeat.
  await customerBooking(tilly, email, { ...who, startDate: ukDay(215), finishDate: ukDay(215), description: 'Another day' });
  await customerBooking(tilly, email, { ...who, serviceType: 'rewiring', startDate: ukDay(212), finishDate: ukDay(212), description: 'Another service' });
  await signIn(page);

  const cards = jobCard(page, 'Tilly Twicebooked');
  await expect(cards).toHaveCount(4);
  const again = cards.filter({ hasText: 'Booked again' });
  await expect(again).toContainText('Booked twice?');
  for (const other of ['Booked first', 'Another day', 'Another service']) await expect(cards.filter({ hasText: other })).not.toContainText('Booked twice?');

  const first = cards.filter({ hasText: 'Booked first' }).getByRole('heading', { level: 3 });
  const show = again.getByRole('button', { name: /^Show that booking/ });
  await show.click();
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  // Again, once the admin has moved on from it.
  await show.focus();
  await show.click();
  await expect(first).toBeFocused();
});
