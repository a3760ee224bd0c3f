import { customer, customerBooking, ownServer, quoteRequest, signIn } from './admin-seed.ts';
import { test } from './fixtures.ts';

const own = ownServer();
test.use({ viewport: { width: 390, height: 844 } });

test('tour', async ({ page }) => {
  test.setTimeout(120_000);
  const s = own.server;
  const c = await customer(s, 'alice@example.com', 'Alice', 'Able');
  await customerBooking(c, 'alice@example.com', {}, 'Can you come early? The dog will be in the garden.');
  await customerBooking(c, 'alice@example.com', { serviceType: 'ev-charger' });
  await quoteRequest(s);
  await quoteRequest(s, { firstName: 'Carla', lastName: 'Cole', email: 'carla@example.com' });
  await signIn(page, s.url);
  await page.screenshot({ path: '/tmp/look/a-first.png', fullPage: true });
  for (const tab of await page.getByRole('tab').all()) {
    const name = (await tab.textContent())?.trim().replace(/\W+/g, '-');
    await tab.click();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/look/a-tab-${name}.png`, fullPage: true });
  }
});
