import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#backend/config.ts';
import { bankHoliday } from '#domain/bank-holidays.ts';
import { BUSINESS } from '#domain/business.ts';
import { FAQ_ITEMS } from '#domain/content/faq.ts';
import { SERVICE_GROUPS } from '#domain/content/services.ts';
import { PAGE_META } from '#domain/content/pages.ts';
import { clientRoutes } from '#domain/routes.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';

/** The prerendered site exists only after `npm run build`; a bare `vitest run` on a fresh checkout skips these. */
const dist = loadConfig({ NODE_ENV: 'test' }).distDir;
const built = existsSync(join(dist, 'sitemap.xml')) && existsSync(join(dist, '404.html'));
const reason = '(needs `npm run build`: the prerendered dist/)';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const publicPaths = clientRoutes.filter((route) => route.kind === 'public').map((route) => route.path);
const otherPaths = clientRoutes.filter((route) => route.kind !== 'public' && route.kind !== 'dev').map((route) => route.path);
const devPaths = clientRoutes.filter((route) => route.kind === 'dev').map((route) => route.path);

let server: TestServer;
let http: Client;

beforeAll(async () => {
  server = await startServer();
  http = new Client(server.url);
});

afterAll(async () => {
  await server.close();
});

describe.skipIf(!built)(`prerendered public pages ${reason}`, () => {
  describe.each(publicPaths)('GET %s', (path) => {
    let html: string;
    let status: number;
    let type: string | null;

    beforeAll(async () => {
      const res = await http.get(path, HTML);
      ({ status, text: html } = res);
      type = res.headers.get('content-type');
    });

    it('answers 200 text/html', () => {
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/html/);
    });

    it('has its own title, description, keywords and no noindex', () => {
      const meta = PAGE_META[path];
      expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(meta.title);
      expect(metaContent(html, 'name', 'description')).toBe(meta.description);
      expect(metaContent(html, 'name', 'keywords')).toBe(meta.keywords.join(', '));
      expect(metaContent(html, 'name', 'robots')).toBeUndefined();
      expect(html.match(/<title>/g)).toHaveLength(1);
    });

    it('has an absolute canonical link and Open Graph tags for this path', () => {
      const canonical = new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? 'relative:');
      expect(canonical.protocol).toMatch(/^https?:$/);
      expect(canonical.pathname).toBe(path);
      expect(metaContent(html, 'property', 'og:title')).toBe(PAGE_META[path].title);
      expect(metaContent(html, 'property', 'og:url')).toBe(canonical.href);
      expect(metaContent(html, 'property', 'og:locale')).toBe('en_GB');
      expect(new URL(metaContent(html, 'property', 'og:image') ?? '').pathname).toBe('/images/og-card.png');
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    });

    it('carries the business as Electrician JSON-LD with address, area served, opening hours and price range', () => {
      const business = jsonLd(html).find((block) => block['@type'] === 'Electrician');

      expect(business).toMatchObject({ '@context': 'https://schema.org', priceRange: '££', address: { '@type': 'PostalAddress' } });
      expect(business?.['openingHoursSpecification']).toEqual(
        expect.arrayContaining([expect.objectContaining({ '@type': 'OpeningHoursSpecification', opens: expect.any(String), closes: expect.any(String) })]),
      );
      // Closed on the bank holidays of the year from the build: each a whole day, eight or more of them.
      const special = business?.['specialOpeningHoursSpecification'] as Array<Record<string, string>>;
      expect(special.length).toBeGreaterThanOrEqual(8);
      for (const day of special) {
        expect(bankHoliday(day['validFrom']!)).not.toBeNull();
        expect(day).toEqual({
          '@type': 'OpeningHoursSpecification',
          name: bankHoliday(day['validFrom']!)?.name,
          opens: '00:00',
          closes: '00:00',
          validFrom: day['validFrom'],
          validThrough: day['validFrom'],
        });
      }
      expect(business?.['areaServed']).toEqual(expect.arrayContaining([expect.objectContaining({ '@type': 'GeoCircle', geoRadius: 50_000 })]));
      // The seed's marketing groups, as what the business works on.
      expect(business?.['knowsAbout']).toEqual([...SERVICE_GROUPS]);
      // Only the pages elsewhere that the business facts set; none at all leaves sameAs out.
      const elsewhere = [BUSINESS.links.social, ...BUSINESS.links.reviewSites.map((site) => site.url)].filter((url) => url !== null);
      expect(business?.['sameAs']).toEqual(elsewhere.length > 0 ? elsewhere : undefined);
    });

    it('shows its content without JavaScript: #root holds the rendered page with its h1', () => {
      const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
      const h1 = text(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? '');

      expect(h1.length).toBeGreaterThan(0);
      expect(html).not.toContain('needs JavaScript');
    });

    it('inlines no executable script (the page policy forbids inline scripts)', () => {
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '').filter((attrs) => !/\bsrc=/.test(attrs));
      expect(inline.every((attrs) => /type="application\/ld\+json"/.test(attrs))).toBe(true);
    });
  });

  it('answers /faq with a FAQPage JSON-LD holding every question and answer, all of them on the page', async () => {
    const { text: html } = await http.get('/faq', HTML);
    const faq = jsonLd(html).find((block) => block['@type'] === 'FAQPage') as { mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }> };
    const page = text(html.slice(html.indexOf('<div id="root">')));

    expect(faq.mainEntity).toHaveLength(15);
    expect(faq.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual(FAQ_ITEMS.map((item) => [item.question, item.answer]));
    // As `text` reads the page: white space, no-break spaces ('BS 7671') among it, as one space.
    const read = (words: string) => words.replace(/\s+/g, ' ');
    for (const item of FAQ_ITEMS) {
      expect(page).toContain(read(item.question));
      expect(page).toContain(read(item.answer));
    }
  });

  it('answers /faq/ (one trailing slash) with the same page', async () => {
    const [plain, slash] = await Promise.all([http.get('/faq', HTML), http.get('/faq/', HTML)]);
    expect(slash.status).toBe(200);
    expect(slash.text).toBe(plain.text);
  });
});

describe.skipIf(!built)(`site files ${reason}`, () => {
  it('answers /sitemap.xml as XML listing every public page by absolute URL, and nothing else', async () => {
    const res = await http.get('/sitemap.xml');
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(locs).toEqual(publicPaths);
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('answers /robots.txt as text with an absolute Sitemap line and the private areas disallowed', async () => {
    const res = await http.get('/robots.txt', HTML);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    for (const rule of ['/api/', '/admin', '/customer', '/email-test', '/test-']) expect(res.text).toContain(`Disallow: ${rule}\n`);
    expect(res.text).toContain('Allow: /\n');
  });

  it('answers /llms.txt as Markdown text with a heading and links to the pages', async () => {
    const res = await http.get('/llms.txt', HTML);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/(plain|markdown)/);
    expect(res.text).toMatch(/^# \S/);
    expect(res.text).toMatch(/\]\(https?:\/\/\S+\/faq\)/);
  });
});

describe.skipIf(!built)(`pages that are not prerendered ${reason}`, () => {
  it('answers an unknown page path with 404 and the prerendered, noindex "Page Not Found" page', async () => {
    const res = await http.get('/no-such-page', HTML);

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('Page Not Found');
    expect(metaContent(res.text, 'name', 'robots')).toBe('noindex');
    expect(res.text).not.toContain('rel="canonical"');
  });

  it.each(['/wp-login.php', '/foo.php', '/.env', '/.well-known/ai-catalog.json', '/faq//', '/FAQ'])('answers %s with 404, never a page with 200', async (path) => {
    const [browser, agent] = await Promise.all([http.get(path, HTML), http.get(path, { accept: '*/*' })]);

    expect(browser.status).toBe(404);
    expect(agent.status).toBe(404);
  });

  it.each(otherPaths)('answers %s with 200 and the empty, noindex app shell', async (path) => {
    const res = await http.get(path, HTML);

    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(metaContent(res.text, 'name', 'robots')).toBe('noindex');
    expect(res.text).not.toContain('application/ld+json');
  });
  it.each(devPaths)('answers the developer tool %s with the 404 page outside development', async (path) => {
    const res = await http.get(path, HTML);

    expect(res.status).toBe(404);
    expect(res.text).toContain('Page Not Found');
    expect(metaContent(res.text, 'name', 'robots')).toBe('noindex');
  });

  it.each(devPaths)('answers the developer tool %s with the app shell when NODE_ENV=development', async (path) => {
    const dev = await startServer({ env: { NODE_ENV: 'development' } });
    try {
      const res = await new Client(dev.url).get(path, HTML);

      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(metaContent(res.text, 'name', 'robots')).toBe('noindex');
    } finally {
      await dev.close();
    }
  });
});

/** The content of `<meta name|property="key" content="...">`, decoded; undefined when the tag is missing. */
function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]!) : undefined;
}

/** Every JSON-LD block of a page, parsed (a block that is not JSON fails the test here). */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

/** Markup as the reader sees it: tags and React's text separators removed, entities decoded, spaces collapsed. */
function text(markup: string): string {
  return decode(markup.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
}

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}
