import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './support/server.ts';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
const page = await context.newPage();
const urls = new Set<string>();
page.on('request', (r) => { if (r.resourceType() === 'script') urls.add(new URL(r.url()).pathname); });
await page.goto(server.url + '/', { waitUntil: 'networkidle' });
await page.waitForTimeout(3000);
let total = 0;
for (const u of urls) { const f = join('dist', u); const n = existsSync(f) ? gzipSync(readFileSync(f), { level: 9 }).length : 0; total += n; console.log(u, n); }
console.log('total KB', (total / 1024).toFixed(1));
await browser.close();
await server.close();
