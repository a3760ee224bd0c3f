import type { Page } from '@playwright/test';

/**
 * From now on `path` reaches the server, sent with the page's cookies and headers, and the server acts on it; the page
 * never hears back (nor gets the cookies the answer set). The statuses the server answered are in `answered`.
 */
export async function answerLost(page: Page, base: string, path: string): Promise<{ answered: number[] }> {
  const answered: number[] = [];
  await page.route(`**${path}`, async (route) => {
    const request = route.request();
    const cookie = (await page.context().cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
    const key = await request.headerValue('idempotency-key');
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: request.postData() ?? '',
    });
    answered.push(res.status);
  });
  return { answered };
}
