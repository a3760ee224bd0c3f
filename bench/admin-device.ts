import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { postMessage } from '#backend/commands/messages.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { PostMessageSchema } from '#domain/schemas/message.ts';
import { londonDay } from '#domain/schemas/date-window.ts';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { ensureChromium } from '../tests/support/chromium.ts';
import { ADMIN, Client, startServer, type TestServer } from '../tests/support/server.ts';
import { fmt, type Mode, type Row } from './common.ts';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** An old tablet: Chrome DevTools' CPU throttling, 4× slower than this machine. */
const THROTTLE = 4;

/**
 * The admin portal on an old tablet holding a few years of work (2,000 jobs, 600 quote requests, 500 contacts, 4,000
 * chat messages; a tenth with --quick), the CPU throttled 4×: opening the portal from the device's copy until the job
 * list shows, the tab switches, a chat opened and closed, typing in Find a job, a status change, and what one pull
 * that brings one new message costs the main thread. Interactions are timed as INP times them (Event Timing,
 * durationThreshold 16: input to the next paint), each the longest event of its interaction.
 */
export async function benchAdminDevice(mode: Mode, log: (line: string) => void): Promise<Row[]> {
  const size = mode.quick ? { jobs: 200, quotes: 60, people: 50, messages: 400 } : { jobs: 2_000, quotes: 600, people: 500, messages: 4_000 };
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: ARGS });
  try {
    const seeded = performance.now();
    const customer = await seed(server, size);
    log(`  seeded ${fmt(size.jobs)} jobs, ${fmt(size.quotes)} quote requests, ${fmt(size.messages)} messages in ${fmt((performance.now() - seeded) / 1000, 1)} s`);
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, bypassCSP: true });
    await context.addInitScript(OBSERVER);
    const page = await context.newPage();
    await page.addInitScript("localStorage.setItem('cookie-consent', 'accepted')");
    await signedIn(page, server, size.jobs);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Performance.enable');

    // Opening the portal from the device's copy: navigation start to the first job card on the screen, median of 3.
    const opens: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await page.locator('.admin-job').first().waitFor({ timeout: 120_000 });
      opens.push((await page.evaluate('window.__bench.firstJob')) as number);
      await settle(page);
    }
    const open = median(opens);
    log(`  opening the portal until the job list shows: ${opens.map((n) => fmt(n)).join(', ')} ms`);

    // Each tab and back to Jobs, three rounds.
    const switches: number[] = [];
    const tabs: Array<[string, string]> = [
      ['To Be Quoted', '#admin-panel-quotes .admin-section__title'],
      ['Contacts', '#admin-panel-contacts .admin-section__title'],
      ['Calendar', '#admin-panel-calendar .admin-section__title'],
      ['Chat', '#admin-panel-chat .admin-threads'],
      ['Bookings', '#admin-panel-bookings .admin-job'],
    ];
    const perTab = new Map<string, number[]>();
    for (let round = 0; round < 3; round++) {
      for (const [name, shows] of tabs) {
        const ms = await interaction(page, () => page.getByRole('tab', { name: new RegExp(`^${name}`) }).click(), shows);
        switches.push(ms);
        perTab.set(name, [...(perTab.get(name) ?? []), ms]);
      }
    }
    log(`  tab switches: ${[...perTab].map(([name, ms]) => `${name} ${ms.map((n) => fmt(n)).join('/')}`).join('; ')} ms`);

    // A chat opened from the chat list, and Back, three times.
    await page.getByRole('tab', { name: /^Chat/ }).click();
    await page.locator('.admin-threads').waitFor();
    await settle(page);
    const chats: number[] = [];
    for (let i = 0; i < 3; i++) {
      chats.push(await interaction(page, () => page.locator('.admin-thread').nth(i).click(), 'button:has-text("Back to all chats")'));
      chats.push(await interaction(page, () => page.getByRole('button', { name: 'Back to all chats' }).click(), '.admin-threads'));
    }
    log(`  chat open / back: ${chats.map((n) => fmt(n)).join(', ')} ms`);

    // Typing a name in Find a job: the longest key of each of three names.
    await page.getByRole('tab', { name: /^Bookings/ }).click();
    await page.locator('#admin-panel-bookings .admin-job').first().waitFor();
    await settle(page);
    const box = page.locator('#admin-panel-bookings').getByLabel('Find a job');
    const typing: number[] = [];
    for (const name of ['Priya', 'Tomasz', 'Olivia']) {
      await box.fill('');
      await settle(page);
      await box.focus();
      await mark(page);
      await page.keyboard.type(name, { delay: 120 });
      await settle(page);
      typing.push(...(await events(page)));
    }
    await box.fill('');
    await settle(page);
    log(`  typing in Find a job: worst key ${fmt(Math.max(...typing))} ms, median ${fmt(median(typing))} ms`);

    // A job's status changed with the keyboard on its status select (Arrow Down: the next status), until its badge shows it.
    // Not a pending job's: confirming it could book a taken slot, and the card would ask about the double booking first.
    const statuses: number[] = [];
    const settled: number[] = [];
    const values = (await page.evaluate(`[...document.querySelectorAll('#admin-panel-bookings .admin-job')].map((card) => card.querySelector('select').value)`)) as string[];
    const picked = values.flatMap((value, index) => (value === 'pending' ? [] : [index])).slice(0, 3);
    for (const i of picked) {
      const card = page.locator('#admin-panel-bookings .admin-job').nth(i);
      const select = card.locator('select').first();
      const before = await select.inputValue();
      await select.focus();
      await settle(page);
      await mark(page);
      const t0 = await busy(cdp);
      await page.keyboard.press(before === 'cancelled' ? 'ArrowUp' : 'ArrowDown');
      await page.waitForFunction(`document.querySelectorAll('#admin-panel-bookings .admin-job')[${i}].querySelector('select').value !== ${JSON.stringify(before)}`, undefined, { polling: 100 });
      // The outbox write, the live queries that read it and the screens they redraw: done within the second.
      await new Promise((done) => setTimeout(done, 1_000));
      statuses.push(Math.max(0, ...(await events(page))));
      settled.push((await busy(cdp)) - t0);
    }
    log(`  status change: interaction ${statuses.map((n) => fmt(n)).join(', ')} ms; main-thread work it caused ${settled.map((n) => fmt(n)).join(', ')} ms`);

    // One pull with nothing new, and one that brings one new message: the renderer's busy time over a whole pull cycle.
    const quiet = await taskTime(cdp, page, async () => undefined);
    const job = server.storage.queries.bookings()[5]!;
    const arrival = await taskTime(cdp, page, async () => {
      await server.storage.bus.execute({ commandId: null, actor: customer.id, role: 'customer', now: new Date() }, (uow) =>
        postMessage(uow, { ...PostMessageSchema.parse({ content: 'URGENT: smell of burning from the fuse box' }), booking: job }, customer),
      );
    }, () => page.waitForFunction(TOASTED, undefined, { timeout: 20_000, polling: 250 }));
    log(`  main-thread work over a 5 s pull cycle: nothing new ${fmt(quiet)} ms, one new message ${fmt(arrival)} ms`);
    // The same quiet pull with To Be Quoted open (600 cards): does a pull that brings nothing redraw the tab?
    await page.getByRole('tab', { name: /^To Be Quoted/ }).click();
    await page.locator('#admin-panel-quotes .admin-section__title').waitFor();
    await settle(page);
    const quietQuotes = await taskTime(cdp, page, async () => undefined);
    log(`  main-thread work over a 5 s pull cycle with nothing new, To Be Quoted open: ${fmt(quietQuotes)} ms`);

    const switchesSorted = [...switches].sort((a, b) => a - b);
    const what = `${fmt(size.jobs)} jobs, ${THROTTLE}× CPU throttle`;
    return [
      { section: '7 device', name: `admin portal opens from the device copy, ${what}`, value: Math.round(open), unit: 'ms', detail: `reload to the first job card shown, median of 3 (${opens.map((n) => fmt(n)).join(', ')})` },
      { section: '7 device', name: `admin tab switch, ${what}`, value: median(switches), unit: 'ms', detail: `median interaction (Event Timing, to next paint) over ${switches.length} switches; worst ${fmt(switchesSorted[switchesSorted.length - 1]!)} ms; ${[...perTab].map(([name, ms]) => `${name} ${fmt(Math.max(...ms))}`).join(', ')} worst` },
      { section: '7 device', name: `admin chat open and Back, ${what}`, value: median(chats), unit: 'ms', detail: `median interaction of ${chats.length}; worst ${fmt(Math.max(...chats))} ms` },
      { section: '7 device', name: `admin Find a job typing, ${what}`, value: Math.max(...typing), unit: 'ms', detail: `worst key of three names typed; median key ${fmt(median(typing))} ms` },
      { section: '7 device', name: `admin job status change, ${what}`, value: median(settled), unit: 'ms', detail: `main-thread work (script, style, layout: CDP metrics) over the second after the key (outbox write, live queries, redraw), median of 3 (${settled.map((n) => fmt(n)).join(', ')}); the key's own interaction ${statuses.map((n) => fmt(n)).join(', ')} ms` },
      { section: '7 device', name: `one new message pulled: main-thread time, ${what}`, value: Math.round(arrival), unit: 'ms', detail: `script, style and layout (CDP metrics) from just after one pull to 2 s after the one that brings it, its toast up; the same window with nothing new: ${fmt(quiet)} ms` },
      { section: '7 device', name: `a pull with nothing new, To Be Quoted open: main-thread time, ${what}`, value: Math.round(quietQuotes), unit: 'ms', detail: `the same window as the row above, nothing new pulled, ${fmt(size.quotes)} quote requests on the screen (with the job list open: ${fmt(quiet)} ms)` },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Signs the admin in on /admin through the form and waits until the device's copy holds all `jobs` (the counter). */
export async function signedIn(page: Page, server: TestServer, jobs: number): Promise<void> {
  await page.goto(`${server.url}/admin`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('count-total').filter({ hasText: fmtPlain(jobs) }).waitFor({ timeout: 120_000 });
}

/**
 * The tablet of bench/profile-admin.ts and bench/cards-drawn.ts: 2,000 jobs, 600 quotes, 500 contacts and 4,000
 * messages seeded, the admin signed in at 1024×768 (after `settleMs` more), then the CPU throttled 4× with CDP's metrics on.
 */
export async function seededTablet(server: TestServer, browser: Browser, settleMs = 0) {
  const customer = await seed(server, { jobs: 2000, quotes: 600, people: 500, messages: 4000 });
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, bypassCSP: true });
  const page = await context.newPage();
  await page.addInitScript("localStorage.setItem('cookie-consent', 'accepted')");
  await signedIn(page, server, 2000);
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  return { customer, page, cdp };
}

/** Jobs over the last two years and the next two months, quote requests, and chats, straight through the commands (bench/profile-admin.ts reuses it). */
export async function seed(server: TestServer, size: { jobs: number; quotes: number; people: number; messages: number }) {
  const client = new Client(server.url);
  await client.register('casey@example.com', 'a-customer-passphrase', 'Casey', 'Customer');
  const customer = server.storage.queries.userByEmail('casey@example.com')!;
  const admin = server.storage.queries.userByEmail(ADMIN.email)!;
  const FIRST = ['Olivia', 'Jack', 'Amelia', 'Harry', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Leo', 'Priya', 'Tomasz'];
  const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Patel', 'Khan', 'Murphy', 'Davies', 'Nowak'];
  const STATUSES = ['completed', 'completed', 'completed', 'cancelled', 'confirmed', 'pending', 'in_progress'];
  const person = (i: number) => {
    const p = i % size.people;
    return { firstName: FIRST[p % 12]!, lastName: `${LAST[Math.floor(p / 12) % 12]!}${Math.floor(p / 144) || ''}`, email: `person${p}@example.com`, phone: `01632 ${String(960000 + p)}` };
  };
  const run = (actor: typeof admin | null, role: 'admin' | 'anonymous' | 'customer', work: Parameters<TestServer['storage']['bus']['execute']>[1]) =>
    server.storage.bus.execute({ commandId: null, actor: actor?.id ?? null, role, now: new Date() }, work);
  await Promise.all(
    Array.from({ length: size.jobs }, (_, i) => {
      const day = londonDay(new Date(Date.now() + (60 - Math.floor((i * 760) / size.jobs)) * 86_400_000));
      const status = day >= londonDay(new Date()) ? (i % 3 === 0 ? 'pending' : 'confirmed') : STATUSES[i % STATUSES.length]!;
      const input = CreateBookingSchema.parse({ ...person(i), serviceType: 'EICR Testing', startDate: day, finishDate: day, startTime: '09:00', finishTime: '12:00', address: `${i} Station Road, Leeds LS6 2AB`, description: 'Periodic inspection of the whole installation', status, allowOverlap: true });
      return run(admin, 'admin', (uow) => requestBookingOrQuote(uow, input, admin));
    }),
  );
  await Promise.all(
    Array.from({ length: size.quotes }, (_, i) => {
      const input = CreateBookingSchema.parse({ ...person(i * 7), serviceType: 'Consumer Unit Upgrade', address: `${i} High Street, York YO24 1AA`, description: 'Replace the old fuse box' });
      return run(null, 'anonymous', (uow) => requestBookingOrQuote(uow, input, null));
    }),
  );
  const bookings = server.storage.queries.bookings();
  await Promise.all(
    Array.from({ length: size.messages }, (_, i) => {
      const booking = bookings[(i * 13) % bookings.length]!;
      const fromAdmin = i % 2 === 1;
      const input = PostMessageSchema.parse({ content: fromAdmin ? 'Thanks, see you on the day.' : 'Could you also look at the outside light?' });
      return run(fromAdmin ? admin : customer, fromAdmin ? 'admin' : 'customer', (uow) => postMessage(uow, { ...input, booking }, fromAdmin ? admin : customer));
    }),
  );
  return customer;
}

/**
 * In the page from its first script: the Event Timing entries (as INP reads them), and when the first job card showed.
 */
const OBSERVER = `(() => {
  const bench = (window.__bench = { events: [], firstJob: null });
  performance.setResourceTimingBufferSize(100000);
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.interactionId) bench.events.push({ name: e.name, duration: e.duration, id: e.interactionId, start: e.startTime }); })
    .observe({ type: 'event', durationThreshold: 16, buffered: true });
  const look = () => {
    if (bench.firstJob === null && document.querySelector('.admin-job')) bench.firstJob = performance.now();
    else if (bench.firstJob === null) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()`;

/**
 * The new message's toast is up. Looked for cheaply, four times a second: Playwright's text search over the whole page
 * at every frame cost the throttled page more than the pull it was timing.
 */
const TOASTED = `[...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent.includes('New message from'))`;

/** Forgets the interactions so far. */
async function mark(page: Page): Promise<void> {
  await page.evaluate('window.__bench.events = []');
}

/** The interactions since `mark`: each one's longest event (INP's figure for it). */
async function events(page: Page): Promise<number[]> {
  const list = (await page.evaluate('window.__bench.events')) as Array<{ duration: number; id: number }>;
  const byId = new Map<number, number>();
  for (const e of list) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
  return [...byId.values()];
}

/** Does `act`, waits until `shows` is on the screen and the page is quiet, and answers the interaction's duration. */
async function interaction(page: Page, act: () => Promise<unknown>, shows: string): Promise<number> {
  await settle(page);
  await mark(page);
  await act();
  await page.locator(shows).first().waitFor({ timeout: 60_000 });
  await settle(page);
  const found = await events(page);
  // Under 16 ms the entry is not reported: the interaction was quicker than that.
  return found.length === 0 ? 16 : Math.max(...found);
}

/** Two animation frames and a pause: the work an interaction caused has run and painted. */
async function settle(page: Page): Promise<void> {
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300))))');
}

/**
 * The main thread's work (busy) from just after one pull to just after the next
 * (the portal pulls every 5 s), with `act` done at the start and `until` awaited before the window ends.
 */
async function taskTime(cdp: CDPSession, page: Page, act: () => Promise<void>, until?: () => Promise<unknown>): Promise<number> {
  const pulls = () => page.evaluate(`performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/sync')).length`) as Promise<number>;
  const n = await pulls();
  await page.waitForFunction(`performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/sync')).length > ${n}`, undefined, { timeout: 20_000, polling: 250 });
  await new Promise((done) => setTimeout(done, 1_000));
  const before = await busy(cdp);
  await act();
  const m = await pulls();
  await page.waitForFunction(`performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/sync')).length > ${m}`, undefined, { timeout: 20_000, polling: 250 });
  await until?.();
  await new Promise((done) => setTimeout(done, 2_000));
  return (await busy(cdp)) - before;
}

/**
 * The renderer's main-thread work so far (ms): script, style and layout from CDP Performance.getMetrics. Not its
 * TaskDuration, whose native rest moved by ±500 ms between quiet 5 s windows on this shared 2-core machine.
 */
async function busy(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return value('ScriptDuration') + value('RecalcStyleDuration') + value('LayoutDuration');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
}

/** A count as the counter tile shows it (no separators). */
function fmtPlain(n: number): string {
  return String(n);
}
