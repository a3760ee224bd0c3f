import type { BrowserContext, Page } from '@playwright/test';
import type { TestServer } from '../support/server.ts';
import { dayWords } from '#domain/history.ts';
import { adminClient, customer, customerBooking, inOnePull, jobCard, outboxCount, ownServer, pullNow, signIn, ukDay } from './admin-seed.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { PDF } from './portal-steps.ts';

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

test('Send pressed twice as a slow reply goes sends it once, and says nothing of an empty message', async ({ page, server }) => {
  const dora = await customer(server, 'dora.double@example.com', 'Dora', 'Double');
  const booking = await customerBooking(dora, 'dora.double@example.com', { firstName: 'Dora', lastName: 'Double' }, 'Are you coming today?');
  await signIn(page);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: /^Dora Double/ }).click();
  // A slow signal: the reply's request is held until the test lets it go.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/bookings/*/messages', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.getByLabel('Your reply').fill('On our way.');
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await send.click();
  await send.click();
  await expect(page.getByText('Message cannot be empty')).toHaveCount(0);
  release();
  await expect.poll(() => server.storage.queries.messages(booking.id).filter((m) => m.isFromAdmin).length).toBe(1);
  await expect(page.getByText('Message cannot be empty')).toHaveCount(0);
});

test('a reply refused as it goes comes back into the box before what was typed there meanwhile, which stays', async ({ page, server }) => {
  const flo = await customer(server, 'flo.follow@example.com', 'Flo', 'Follow');
  await customerBooking(flo, 'flo.follow@example.com', { firstName: 'Flo', lastName: 'Follow' }, 'Can you fit a socket?');
  await signIn(page);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: /^Flo Follow/ }).click();
  // A slow signal, then a refusal.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const refusal = { error: { code: 'validation_failed', message: 'This reply could not be taken' } };
  await page.route('**/api/bookings/*/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refusal) });
  });
  const box = page.getByLabel('Your reply');
  await box.fill('Yes, on Friday.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(box).toHaveValue('');
  await box.fill('Which room is it in?');
  release();

  await expect(page.getByText('This reply could not be taken')).toBeVisible();
  await expect(box).toHaveValue('Yes, on Friday.\n\nWhich room is it in?');
});

test('a reply half written, with its file, is still in its chat after a look at another chat, and only in that chat', async ({ page, server }) => {
  const dora = await customer(server, 'dora.draft@example.com', 'Dora', 'Draft');
  await customerBooking(dora, 'dora.draft@example.com', { firstName: 'Dora', lastName: 'Draft' }, 'When can you come?');
  const eli = await customer(server, 'eli.draft@example.com', 'Eli', 'Draft');
  await customerBooking(eli, 'eli.draft@example.com', { firstName: 'Eli', lastName: 'Draft' }, 'Is it booked?');
  await signIn(page);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: /^Dora Draft/ }).click();
  await page.getByLabel('Your reply').fill('Thursday morning works, I will bring the');
  await page.getByLabel('Add photos or documents').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });

  // Eli's chat, opened meanwhile, has its own empty box.
  await page.getByRole('button', { name: 'Back to all chats' }).click();
  await page.getByRole('button', { name: /^Eli Draft/ }).click();
  await expect(page.getByLabel('Your reply')).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to all chats' }).click();

  await page.getByRole('button', { name: /^Dora Draft/ }).click();
  await expect(page.getByLabel('Your reply')).toHaveValue('Thursday morning works, I will bring the');
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('certificate.pdf');
  // The page loaded again (a new version's Reload, a tablet that dropped it): the words are still there.
  await page.reload();
  await hydrated(page);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: /^Dora Draft/ }).click();
  await expect(page.getByLabel('Your reply')).toHaveValue('Thursday morning works, I will bring the');
  await page.getByLabel('Your reply').fill('Thursday morning works, I will bring the certificate.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('I will bring the certificate.');
  // Sent, it is not kept.
  await page.getByRole('button', { name: 'Back to all chats' }).click();
  await page.getByRole('button', { name: /^Dora Draft/ }).click();
  await expect(page.getByLabel('Your reply')).toHaveValue('');
});

test('a reply that waited for signal stays in its chat once it has gone, before the next pull brings it back', async ({ page, context, server }) => {
  const { booking, reply } = await repliedOffline(page, context, server, ['Sam', 'Stays'], 'Are you coming today?', 'On my way, about 20 minutes.');
  // Back in signal, but no pull brings anything: what the chat shows of the reply is what its sending left.
  await page.route('**/api/sync**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await expect.poll(() => server.storage.queries.messages(booking.id).length, { timeout: 15_000 }).toBe(2);
  await expect.poll(() => outboxCount(page)).toBe(0);
  await expect(reply).toBeVisible();
  await expect(reply).not.toContainText('Waiting to send');
});

test('a reply the server refused says so in its chat; Send again and Discard name it, and leave the focus in the reply box', async ({ page, context, server }) => {
  const { booking, reply } = await repliedOffline(page, context, server, ['Rex', 'Refused'], 'Is the board ready?', 'Tuesday, first thing');
  // Kept, as the box says: a refusal within the send's first moments would put the words back in the box instead.
  await expect(page.getByText(/^Saved on this device: it goes/)).toBeVisible();
  const refusal = { error: { code: 'validation_failed', message: 'This reply could not be taken' } };
  await page.route(`**/api/bookings/${booking.id}/messages`, (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refusal) }) : route.fallback(),
  );
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(reply).toContainText('Not accepted: This reply could not be taken');
  await expect(reply.getByRole('button', { name: 'Send again “Tuesday, first thing”' })).toBeVisible();

  await reply.getByRole('button', { name: 'Discard “Tuesday, first thing”' }).click();
  await expect(reply).toHaveCount(0);
  await expect(page.getByLabel('Your reply')).toBeFocused();
  expect(server.storage.queries.messages(booking.id)).toHaveLength(1);
});

test('the electrician sends the customer a certificate in the chat, also with no signal: it goes once, and opens from both chats', async ({ page, context, server }) => {
  const cleo = await customer(server, 'cleo.certificate@example.com', 'Cleo', 'Certificate');
  const booking = await customerBooking(cleo, 'cleo.certificate@example.com', { firstName: 'Cleo', lastName: 'Certificate' }, 'Can I have the certificate?');
  await signIn(page);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: /^Cleo Certificate/ }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('Can I have the certificate?');

  await context.setOffline(true);
  await page.getByLabel('Your reply').fill('Here it is.');
  await page.getByLabel('Add photos or documents').setInputFiles({ name: 'eic-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('eic-certificate.pdf');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = log.getByRole('listitem').filter({ hasText: 'Here it is.' });
  await expect(reply).toContainText('eic-certificate.pdf (on this device, goes with the message)');
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // The file goes up first (its link shows from then on), then the reply that names it.
  await expect(reply.getByRole('link', { name: /eic-certificate\.pdf/ })).toBeVisible({ timeout: 15_000 });
  await expect(reply).not.toContainText('Waiting to send');
  const messages = (await cleo.get(`/api/bookings/${booking.id}/messages`)).data as Array<{ content: string; attachments: string | null }>;
  expect(messages.map((m) => m.content)).toEqual(['Can I have the certificate?', 'Here it is.']);
  const [file] = JSON.parse(messages[1]!.attachments!) as Array<{ filename: string; originalname: string }>;
  expect(file).toMatchObject({ originalname: 'eic-certificate.pdf' });
  // The customer may open it (the file is served to them and the admin only).
  expect((await cleo.get(`/uploads/${file!.filename}`)).status).toBe(200);
});

test("a file the server will not take says 'Upload Failed' in the chat, and the reply and its file stay to be mended", async ({ page, server }) => {
  const ursa = await customer(server, 'ursa.upload@example.com', 'Ursa', 'Upload');
  await customerBooking(ursa, 'ursa.upload@example.com', { firstName: 'Ursa', lastName: 'Upload' }, 'Any news?');
  await signIn(page);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: /^Ursa Upload/ }).click();
  await page.route('**/api/upload', (route) =>
    route.fulfill({ status: 413, contentType: 'application/json', body: '{"error":{"code":"file_too_large","message":"\\"survey.pdf\\" is larger than 10 MB"}}' }),
  );
  await page.getByLabel('Your reply').fill('The survey, attached.');
  await page.getByLabel('Add photos or documents').setInputFiles({ name: 'survey.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Upload Failed' })).toContainText('File upload failed: "survey.pdf" is larger than 10 MB');
  await expect(page.getByLabel('Your reply')).toHaveValue('The survey, attached.');
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('survey.pdf');
});

test('a job changed with no signal shows the change in its chat’s header as on its card, waiting — also a job made on this device', async ({ page, context, server }) => {
  const nel = await customer(server, 'nel.header@example.com', 'Nel', 'Header');
  await customerBooking(nel, 'nel.header@example.com', { firstName: 'Nel', lastName: 'Header' }, 'Is it still on?');
  await signIn(page);
  const card = jobCard(page, 'Nel Header');
  await expect(card).toBeVisible();
  await context.setOffline(true);
  await card.getByRole('button', { name: /^Change dates/ }).click();
  const form = card.getByRole('form', { name: 'New dates for Nel Header' });
  await form.getByLabel(/^Start date/).fill(ukDay(301));
  await form.getByLabel(/^Finish date/).fill(ukDay(301));
  await form.getByRole('button', { name: 'Save the dates' }).click();
  await expect(form).toHaveCount(0);
  await card.getByLabel('Status').selectOption('confirmed');
  await expect(card.locator('.admin-card__head .status-badge')).toHaveText('confirmed');
  const when = (await card.locator('div:has(> dt:text-is("When")) > dd').textContent())!;
  expect(when).toContain(dayWords(ukDay(301)));

  await page.getByRole('tab', { name: /^Chat/ }).click();
  await page.getByRole('button', { name: /^Nel Header/ }).click();
  const header = page.locator('.admin-chat__job');
  await expect(header.locator('.status-badge')).toHaveText('confirmed');
  await expect(header).toContainText(when);
  await expect(header).toContainText('Waiting to send');

  // Made on this device, then started, still with no signal: the card and the chat say in progress.
  await page.getByRole('tab', { name: /^Bookings/ }).click();
  await page.getByRole('button', { name: 'Add Manual Booking' }).click();
  await page.getByLabel(/^First name/).fill('Mandy');
  await page.getByLabel(/^Last name/).fill('Madehere');
  await page.getByLabel(/^Start date/).fill(ukDay(311));
  await page.getByLabel(/^Finish date/).fill(ukDay(311));
  await page.getByRole('button', { name: 'Add booking' }).click();
  const made = jobCard(page, 'Mandy Madehere');
  await made.getByLabel('Status').selectOption('in_progress');
  await expect(made.locator('.admin-card__head .status-badge')).toHaveText('in progress');
  // Booked on this device with no email address: its chat is the electrician's log (see below).
  await made.getByRole('button', { name: /^Log/ }).click();
  await expect(header.locator('.status-badge')).toHaveText('in progress');
  await expect(header).toContainText('Waiting to send');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(header).not.toContainText('Waiting to send', { timeout: 15_000 });
  await expect(header.locator('.status-badge')).toHaveText('in progress');
  expect(server.storage.queries.bookings().find((b) => b.lastName === 'Madehere')?.status).toBe('in_progress');
});

test('a job booked on the phone with no email has the electrician’s log for a chat: its button, the chat list and the log say the customer will not see it, and the number to ring', async ({ page, server }) => {
  const admin = await adminClient(server);
  const made = await admin.post('/api/bookings', { firstName: 'Norma', lastName: 'Nomail', phone: '01632960207', serviceType: 'rewiring', isManualBooking: true, status: 'pending', startDate: ukDay(331), finishDate: ukDay(331) });
  expect(made.status).toBe(201);
  await signIn(page);
  const card = jobCard(page, 'Norma Nomail');
  await expect(card.getByRole('button', { name: /^Log/ })).toHaveAccessibleName('Log of Norma Nomail’s job (only you see it)');
  await expect(card.getByRole('button', { name: /^Chat/ })).toHaveCount(0);

  await card.getByRole('button', { name: /^Log/ }).click();
  await expect(page.getByRole('heading', { name: 'Log of Norma Nomail’s job' })).toBeFocused();
  const box = page.getByRole('textbox', { name: 'New entry' });
  await expect(box).toHaveAccessibleDescription(/^Norma will not see this, and nobody is told\. .* To tell them, ring them on 01632960207\.$/);
  await expect(page.getByRole('link', { name: '01632960207' })).toHaveAttribute('href', 'tel:01632960207');
  // The number is there already: no call button of the chat's as well.
  await expect(page.getByRole('link', { name: /^Call Norma/ })).toHaveCount(0);
  await box.fill('Side gate code 4471. Bring the long ladder.');
  await page.getByRole('button', { name: 'Add to the log', exact: true }).click();
  await expect(page.getByRole('log', { name: 'Messages' }).getByRole('listitem').last()).toContainText('Side gate code 4471.');
  await expect.poll(() => server.storage.queries.messages(made.data.booking.id as string).length).toBe(1);

  // The list of chats marks it as the electrician's log, which the customer cannot see.
  await page.getByRole('tab', { name: /^Chat/ }).click();
  await page.getByRole('searchbox', { name: 'Find a job' }).fill('Nomail');
  const thread = page.getByRole('button', { name: /^Norma Nomail/ });
  await expect(thread).toContainText('Log only');
  await expect(thread).toContainText('No email or account: the customer cannot see it. 1 entry');
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

/** Every toast the page shows, as its text, kept after it goes (a toast lasts 5 s): to say one never came. */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[data-sonner-toast]')) if (!seen.includes(node.textContent ?? '')) seen.push(node.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}

test.describe('a short list of chats on a tablet on its side', () => {
  const own = ownServer();
  test.use({ viewport: { width: 1024, height: 768 } });

  test('back from a chat, its row has the focus and the list’s heading shows above it, not under the tabs', async ({ page }) => {
    const server = own.server;
    for (const [first, email] of [['Hana', 'hana.heading@example.com'], ['Ivo', 'ivo.heading@example.com'], ['Jun', 'jun.heading@example.com']] as const) {
      await customerBooking(await customer(server, email, first, 'Heading'), email, { firstName: first, lastName: 'Heading' }, `Hello from ${first}`);
    }
    await signIn(page, server.url);
    await page.getByRole('tab', { name: /^Chat/ }).click();
    await page.getByRole('button', { name: /^Ivo Heading/ }).click();
    await expect(page.getByRole('heading', { name: 'Chat with Ivo Heading' })).toBeFocused();
    await page.getByRole('button', { name: 'Back to all chats' }).click();
    await expect(page.getByRole('button', { name: /^Ivo Heading/ })).toBeFocused();
    const heading = page.getByRole('heading', { name: 'Chat', exact: true, level: 2 });
    const tabs = (await page.getByRole('tablist', { name: 'Admin sections' }).boundingBox())!;
    // The row in the middle of the screen had left the heading under the sticky tabs.
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(tabs.y + tabs.height);
    const row = (await page.getByRole('button', { name: /^Ivo Heading/ }).boundingBox())!;
    expect(row.y + row.height).toBeLessThanOrEqual(768);
  });
});

test.describe('customer messages that arrive while the admin portal is open', () => {
  // A server of its own: the Chat tab counts every chat waiting for an answer.
  const own = ownServer();

  test('are announced with who, which job and how they start; the Chat tab counts the chats waiting for an answer', async ({ page }) => {
    const server = own.server;
    const toasts = await recordToasts(page);
    const olive = await customer(server, 'olive.old@example.com', 'Olive', 'Old');
    const olives = await customerBooking(olive, 'olive.old@example.com', { firstName: 'Olive', lastName: 'Old' }, 'Already here at sign-in');
    const una = await customer(server, 'una.urgent@example.com', 'Una', 'Urgent');
    const urgent = await customerBooking(una, 'una.urgent@example.com', { firstName: 'Una', lastName: 'Urgent', serviceType: 'fuse_box_upgrade' });
    const vic = await customer(server, 'vic.ville@example.com', 'Vic', 'Ville');
    const vics = await customerBooking(vic, 'vic.ville@example.com', { firstName: 'Vic', lastName: 'Ville' });
    await signIn(page, server.url);
    await expect(page.locator('.admin-top__meta')).toContainText('Up to date (');
    const chatTab = page.getByRole('tab', { name: /^Chat/ });
    // Olive's question waits for an answer: counted, not announced (it was there at sign-in).
    await expect(chatTab).toHaveAccessibleName('Chat 1 waiting for an answer');

    expect((await una.post(`/api/bookings/${urgent.id}/messages`, { content: 'URGENT: smell of burning from the consumer unit, and the lights in the kitchen keep flickering on and off all evening' })).status).toBe(201);
    await pullNow(page);
    const shown = page.locator('[data-sonner-toast]');
    // Brought in by the next pull.
    const toast = shown.filter({ hasText: 'New message from Una Urgent' });
    await expect(toast).toContainText('“URGENT: smell of burning from the consumer unit, and the…” (Fuse Box Upgrade, ', { timeout: 15_000 });
    await expect(chatTab).toHaveAccessibleName('Chat 2 waiting for an answer');

    // The business's own message (another device) is no news; two customers' messages in one pull are counted.
    const admin = await adminClient(server);
    await inOnePull(page, async () => {
      expect((await admin.post(`/api/bookings/${urgent.id}/messages`, { content: 'On my way, switch off the main switch.' })).status).toBe(201);
      expect((await vic.post(`/api/bookings/${vics.id}/messages`, { content: 'Can you come on Friday?' })).status).toBe(201);
      expect((await olive.post(`/api/bookings/${olives.id}/messages`, { content: 'Any news?' })).status).toBe(201);
    });
    await expect(shown.filter({ hasText: '2 new messages' })).toContainText('From Vic Ville and Olive Old. They are in Chat.', { timeout: 15_000 });
    // Una was answered (from the other device); Olive and Vic wait.
    await expect(chatTab).toHaveAccessibleName('Chat 2 waiting for an answer');

    // What the open chat shows is not announced over it.
    await chatTab.click();
    // The list quotes how each chat's latest message starts, and who wrote it.
    await expect(page.getByRole('button', { name: /^Una Urgent/ })).toContainText('You: “On my way, switch off the main switch.”');
    await expect(page.getByRole('button', { name: /^Vic Ville/ })).toContainText('Vic: “Can you come on Friday?”');
    await page.getByRole('button', { name: /^Vic Ville/ }).click();
    await expect(page.getByRole('heading', { name: 'Chat with Vic Ville' })).toBeFocused();
    expect((await vic.post(`/api/bookings/${vics.id}/messages`, { content: 'Or Saturday morning.' })).status).toBe(201);
    await pullNow(page);
    await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Or Saturday morning.', { timeout: 15_000 });
    await page.getByLabel('Your reply').fill('Friday at 10 then.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(chatTab).toHaveAccessibleName('Chat 1 waiting for an answer');
    const all = await toasts();
    expect(all.filter((text) => /Olive Old|Already here|On my way|Saturday|Friday at 10/.test(text) && !text.includes('2 new messages'))).toEqual([]);
  });
});

/**
 * A customer's booking with their message `asked`, opened in the admin's Chat tab; the reply `answer` sent there with no
 * signal, shown in the chat as waiting (the device left offline). The booking and the reply's place in the chat.
 */
async function repliedOffline(page: Page, context: BrowserContext, server: TestServer, [firstName, lastName]: [string, string], asked: string, answer: string) {
  const email = `${firstName}.${lastName}@example.com`.toLowerCase();
  const booking = await customerBooking(await customer(server, email, firstName, lastName), email, { firstName, lastName }, asked);
  await signIn(page);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: new RegExp(`^${firstName} ${lastName}`) }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText(asked);
  await context.setOffline(true);
  await page.getByLabel('Your reply').fill(answer);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = log.getByRole('listitem').filter({ hasText: answer });
  await expect(reply).toContainText('Waiting to send');
  return { booking, reply };
}

test('a chat leads to its job: Open the job shows its card in Bookings, and Back returns to the chat', async ({ page, server }) => {
  const mia = await customer(server, 'mia.move@example.com', 'Mia', 'Move');
  const booking = await customerBooking(mia, 'mia.move@example.com', { firstName: 'Mia', lastName: 'Move' }, 'Could you come a week later?');
  await signIn(page);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: /^Mia Move/ }).click();
  await expect(page.getByRole('heading', { name: 'Chat with Mia Move' })).toBeFocused();
  // Or a call, from the chat itself.
  await expect(page.getByRole('link', { name: /^Call Mia Move on / })).toHaveAttribute('href', /^tel:/);
  await page.getByRole('button', { name: 'Open the job' }).click();
  await expect(page.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`#job-${booking.id}`)).toBeFocused();
  await expect(jobCard(page, 'Mia Move').getByRole('button', { name: /^Change dates/ })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Chat with Mia Move' })).toBeVisible();
});
