import { BUSINESS } from '#domain/business.ts';
import { COVERAGE_TOWNS } from '#domain/content/areas.ts';
import { PAGE_META } from '#domain/content/pages.ts';
import { SERVICES } from '#domain/content/services.ts';
import { hoursSentence, joinWords } from '#domain/content/shared.ts';
import { clientRoutes } from '#domain/routes.ts';
import type { ClientRoutePath } from '#domain/routes.ts';
import { escapeHtml, pageUrl } from './head.ts';

/** The paths search engines may index: the route table's 'public' pages, in its order. */
export function publicPaths(): ClientRoutePath[] {
  return clientRoutes.filter((route) => route.kind === 'public').map((route) => route.path);
}

/** sitemap.xml: every public page by absolute URL, last modified on the build date (YYYY-MM-DD). */
export function sitemapXml(siteUrl: string, lastmod: string): string {
  const urls = publicPaths().map((path) => `  <url>\n    <loc>${escapeHtml(pageUrl(siteUrl, path))}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt: everything public may be crawled; the API, the portals and the developer tools may not (they
 * carry `noindex` too, but crawling them only wastes the crawler's time). The sitemap needs an absolute URL,
 * which is why this file is written at build time.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    `# ${BUSINESS.name}`,
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /uploads/',
    'Disallow: /admin',
    'Disallow: /customer',
    'Disallow: /password-reset',
    'Disallow: /forgot-password',
    'Disallow: /reset-password',
    'Disallow: /email-test',
    'Disallow: /test-',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** llms.txt (llmstxt.org): a short Markdown summary of the business for language models, linking the key pages. */
export function llmsTxt(siteUrl: string): string {
  const link = (path: ClientRoutePath, label?: string): string => {
    const meta = PAGE_META[path];
    return `- [${label ?? meta.title.replace(/ \| .*$/, '')}](${pageUrl(siteUrl, path)}): ${meta.description}`;
  };
  const services = SERVICES.map((service) => `- ${service.title}: ${service.summary}`);
  const towns = publicPaths().filter((path) => path.startsWith('/electrician-'));
  const landing = publicPaths().filter((path) => path !== '/' && !towns.includes(path) && !['/faq', '/support', '/privacy-policy'].includes(path));
  return [
    `# ${BUSINESS.name}`,
    '',
    `> Qualified, Part P registered electricians based in ${BUSINESS.address.town}, ${BUSINESS.address.county}, since ${BUSINESS.established}, working within ${BUSINESS.serviceRadiusKm} km of the base: homes and businesses in Surrey, west London and the South East. Free quotes, a ${BUSINESS.guaranteeYears}-year workmanship guarantee and a ${BUSINESS.emergency} emergency callout.`,
    '',
    `- Phone: ${BUSINESS.phone} (${BUSINESS.emergency} for emergencies); WhatsApp: ${BUSINESS.whatsapp}; email: ${BUSINESS.email}`,
    `- Address: ${BUSINESS.address.street}, ${BUSINESS.address.town}, ${BUSINESS.address.county} ${BUSINESS.address.postcode}`,
    `- Opening hours: ${hoursSentence()}`,
    `- Areas covered: ${joinWords(COVERAGE_TOWNS)}`,
    `- Quotes: ask through the form on the home page (${pageUrl(siteUrl, '/')}#contact), by phone or on WhatsApp; we reply ${BUSINESS.replyPromise}.`,
    '',
    '## Services',
    '',
    ...services,
    '',
    '## Key pages',
    '',
    link('/', 'Home'),
    ...landing.map((path) => link(path)),
    link('/faq'),
    '',
    '## Town pages',
    '',
    ...towns.map((path) => link(path)),
    '',
    '## Optional',
    '',
    link('/support'),
    link('/privacy-policy'),
    `- [Sitemap](${siteUrl}/sitemap.xml): every public page`,
    '',
  ].join('\n');
}
