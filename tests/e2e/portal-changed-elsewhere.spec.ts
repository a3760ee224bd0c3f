import { expect, test } from './fixtures.ts';
import { expectToast } from './portal-helpers.ts';
import { bookWith, dayAhead, signedInCustomer } from './portal-steps.ts';

const PASSWORD = 'a-customer-passphrase';

test.describe('an account changed on another device while the portal is open on this one', () => {
  test('the booking and the message waiting on the phone are dropped with a word, not sent nor kept for a sign-in that cannot come', async ({ page, server, browser }) => {
    const email = 'della.elsewhere@example.com';
    const { id } = await signedInCustomer(page, server, email);
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(44), finishDate: dayAhead(44), description: 'Booked while online' });
    await expectToast(page, 'Booking Submitted');
    const booked = server.storage.queries.bookingsForCustomer(email, id).find((b) => b.description === 'Booked while online')!;

    // On the phone, with no signal: a message in the booking's chat, and a new booking.
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Booked while online' }).getByRole('button', { name: /^Chat/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Chat about/ })).toBeFocused();
    await page.context().setOffline(true);
    await page.getByLabel('Your message').fill('Waiting on the phone');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectToast(page, 'Saved on this device');
    await page.getByRole('tab', { name: 'New Booking' }).click();
    await bookWith(page, { serviceType: 'socket_installation', startDate: dayAhead(46), finishDate: dayAhead(46), description: 'Queued on the phone' });
    await expect(page.getByRole('button', { name: /waiting to send \(2\)/i })).toBeVisible();

    // On the laptop, the customer deletes their account.
    const laptop = await browser.newContext({ baseURL: server.url });
    expect((await laptop.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    expect((await laptop.request.post('/api/account/delete', { data: { password: PASSWORD } })).status()).toBe(200);
    await laptop.close();

    // The phone's signal comes back: nothing of theirs can go now, and the phone says so instead of asking for a sign-in.
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expectToast(page, 'Not sent', '2 things kept on this device were not sent: their account has been deleted.');
    await expect(page.getByRole('button', { name: /waiting to send/i })).toBeHidden();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Please sign in again' })).toHaveCount(0);
    // The account is gone: its portal makes way for the sign-in page, not a header offering a sign-in that cannot work.
    await expect(page).toHaveURL(/\/customer-auth$/);
    await expect(page.getByText(/^Your sign-in as .* has ended\.$/)).toHaveCount(0);
    expect(await page.evaluate(() => new Promise<number>((done) => {
      const open = indexedDB.open('sparkright');
      open.onsuccess = () => {
        const count = open.result.transaction('outbox').objectStore('outbox').count();
        count.onsuccess = () => {
          open.result.close();
          done(count.result);
        };
      };
    }))).toBe(0);
    // Nothing reached the erased account.
    expect(server.storage.queries.messages(booked.id)).toHaveLength(0);
    expect(server.storage.queries.bookings().filter((b) => b.userId === id)).toHaveLength(1);
  });

  test('a name changed on the laptop is the one the phone shows and puts on new messages, once the phone’s page is looked at again', async ({ page, server, browser }) => {
    const email = 'reni.renamed@example.com';
    const { id } = await signedInCustomer(page, server, email);
    await bookWith(page, { serviceType: 'rewiring', startDate: dayAhead(48), finishDate: dayAhead(48), description: 'Renamed meanwhile' });
    await expectToast(page, 'Booking Submitted');
    const booked = server.storage.queries.bookingsForCustomer(email, id).find((b) => b.description === 'Renamed meanwhile')!;
    await page.getByRole('tab', { name: 'My Bookings' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Renamed meanwhile' }).getByRole('button', { name: /^Chat/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Chat about/ })).toBeFocused();

    const laptop = await browser.newContext({ baseURL: server.url });
    expect((await laptop.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    expect((await laptop.request.post('/api/account/name', { data: { firstName: 'Renata', lastName: 'Newname' } })).status()).toBe(200);
    await laptop.close();

    // The phone is picked up again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByText('Signed in as Renata Newname')).toBeVisible();
    await page.getByLabel('Your message').fill('Sent under my new name');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectToast(page, 'Message Sent');
    expect(server.storage.queries.messages(booked.id).map((m) => [m.senderName, m.content])).toEqual([['Renata Newname', 'Sent under my new name']]);
    await expect(page.getByRole('log', { name: 'Messages' }).getByRole('listitem')).toContainText('Renata Newname');
  });
});
