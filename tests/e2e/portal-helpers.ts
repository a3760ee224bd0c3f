import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { TestServer } from '../support/server.ts';
import { axeViolations, expect, hydrated } from './fixtures.ts';

/** A mail as the development outbox keeps it (STORAGE_DIR/mail-outbox/<time>-<id>.json). */
type OutboxMail = { id: number; kind: string; to: string; subject: string; text: string };

/** The mails the server delivered to the development outbox so far, oldest first. */
export function outboxMails(server: TestServer): OutboxMail[] {
  const dir = join(server.storageDir, 'mail-outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMail)
    .sort((a, b) => a.id - b.id);
}

/**
 * The link of the newest `kind` mail to `to` matching `pattern`, read from the development outbox file (as
 * the person would from their inbox; never from an API answer). Waits for the mail sender to deliver it.
 */
export async function mailedLink(server: TestServer, to: string, kind: string, pattern: RegExp, after = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = outboxMails(server).filter((m) => m.kind === kind && m.to === to && m.id > after).at(-1);
        link = mail ? pattern.exec(mail.text)?.[0] : undefined;
        return link;
      },
      { message: `a ${kind} mail to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The id of the newest mail so far (0 when none), to look only at mails sent after it. */
export function lastMailId(server: TestServer): number {
  return outboxMails(server).at(-1)?.id ?? 0;
}

/**
 * Asserts the page has no serious or critical accessibility violation (WCAG 2.2 AA tags). Toasts are left out, as
 * in admin-layout.spec (which checks one at rest): one caught fading out when its time is up reads as low contrast.
 */
export async function expectAxeClean(page: Page, { atTop = true } = {}): Promise<void> {
  const serious = (await axeViolations(page, { exclude: '[data-sonner-toast]', atTop })).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/** A toast with this title (and description, when given) is on screen. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first()).toContainText(description);
}

/** Opens a page of the app and waits until it responds to input. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/** The home page's quote form (its service choice tells it from the contact form). */
export function quoteForm(page: Page): Locator {
  return page.locator('form').filter({ has: page.locator('[name="serviceType"]') });
}

/** Asks for a quote in `form`: a first name, an email, the first service on the list and, when given, the work. */
export async function askForQuote(form: Locator, firstName: string, email: string, description?: string): Promise<void> {
  await form.locator('[name="firstName"]').fill(firstName);
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="serviceType"]').selectOption({ index: 1 });
  if (description !== undefined) await form.locator('[name="description"]').fill(description);
  await form.getByRole('button', { name: /request my free quote/i }).click();
}

/** Registers a customer through the API in the page's own cookie jar, so the page is signed in as them. */
export async function registerInPage(page: Page, email: string, password = 'a-customer-passphrase', firstName = 'Casey', lastName = 'Customer') {
  const res = await page.request.post('/api/auth/register', { data: { firstName, lastName, email, password } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; email: string };
}

/**
 * Whose records the device's copy holds (null: none), read from its IndexedDB (pwa/offline/db.ts copyOwner), and how
 * many of the business's records it holds (jobs, quotes, contacts, messages).
 */
export function deviceCopy(page: Page): Promise<{ owner: string | null; records: number }> {
  return page.evaluate(
    () =>
      new Promise<{ owner: string | null; records: number }>((resolve, reject) => {
        const opening = indexedDB.open('sparkright');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const tables = ['bookings', 'quotes', 'contacts', 'messages'];
          const reading = db.transaction(['mirror', ...tables]);
          const owner = reading.objectStore('mirror').get('owner');
          const counts = tables.map((name) => reading.objectStore(name).count());
          reading.oncomplete = () => {
            db.close();
            resolve({ owner: (owner.result as { owner?: string } | undefined)?.owner ?? null, records: counts.reduce((sum, count) => sum + (count.result as number), 0) });
          };
          reading.onerror = () => reject(reading.error);
        };
      }),
  );
}

/** Whose records the device's copy holds (null: none). */
export async function copyOwnerIn(page: Page): Promise<string | null> {
  return (await deviceCopy(page)).owner;
}

/** One row of the device's database (pwa/offline/db.ts), by its key: a job of the copy, the mirror's state. */
export function deviceRow<T>(page: Page, table: string, key: string): Promise<T | undefined> {
  return page.evaluate(
    ({ table, key }) =>
      new Promise<T | undefined>((resolve, reject) => {
        const opening = indexedDB.open('sparkright');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const read = db.transaction(table).objectStore(table).get(key);
          read.onsuccess = () => {
            db.close();
            resolve(read.result as T | undefined);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    { table, key },
  );
}
