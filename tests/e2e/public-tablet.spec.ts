import { expect, hydrated, test } from './fixtures.ts';

test.use({ viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true });

test('on a 768 px tablet a town page’s four steps stand in two rows of two, none left alone on a row', async ({ page }) => {
  await page.goto('/electrician-windsor');
  await hydrated(page);
  const steps = page.locator('.pg-steps > li');
  await expect(steps).toHaveCount(4);
  await steps.first().scrollIntoViewIfNeeded();
  // They stood three and one (step 4 alone under three narrow columns).
  const tops = await steps.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(tops[0]).toBe(tops[1]);
  expect(tops[2]).toBe(tops[3]);
  expect(tops[2]).toBeGreaterThan(tops[1]!);
});
