import { BUSINESS } from '#domain/business.ts';
import type { PageMeta } from '#domain/content/shared.ts';

/** Where the site lives when the build is told nothing else (SITE_URL or PUBLIC_URL at build time): the business facts' website. */
export const DEFAULT_SITE_URL = BUSINESS.website;

/** The social card every page shares (pwa/public/images/og-card.png), sized as Open Graph recommends. */
export const OG_IMAGE = {
  path: '/images/og-card.png',
  width: 1200,
  height: 630,
  alt: `${BUSINESS.name}: qualified, Part P registered electricians in Ashford, Surrey`,
} as const;

/** What one prerendered page puts in its head besides the app's own tags. */
export type PageHead = {
  /** The route path ('/faq'); the canonical and og:url are the site URL plus this. */
  readonly path: string;
  readonly meta: PageMeta;
  /** Public pages are indexed; the 404 and anything else carry `noindex` and no canonical. */
  readonly indexable: boolean;
  /** Ready-made `<script type="application/ld+json">` blocks. */
  readonly jsonLd: readonly string[];
};

/** The site URL without a trailing slash; throws on a value that is not an absolute http(s) URL. */
export function normaliseSiteUrl(value: string | undefined): string {
  const url = new URL(value && value.trim() !== '' ? value : DEFAULT_SITE_URL);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`SITE_URL must be http(s): ${value}`);
  return url.href.replace(/\/+$/, '');
}

/** The absolute URL of a route path: the home page is `<site>/`, every other page `<site><path>` (no trailing slash). */
export function pageUrl(siteUrl: string, path: string): string {
  return path === '/' ? `${siteUrl}/` : `${siteUrl}${path}`;
}

/** The page-specific head: title, description, keywords, robots, canonical, Open Graph, Twitter card and JSON-LD. */
export function headTags(siteUrl: string, page: PageHead): string {
  const { meta } = page;
  const url = pageUrl(siteUrl, page.path);
  const tags = [`<title>${escapeHtml(meta.title)}</title>`, metaName('description', meta.description)];
  if (meta.keywords.length > 0) tags.push(metaName('keywords', meta.keywords.join(', ')));
  if (!page.indexable) {
    tags.push(metaName('robots', 'noindex'));
  } else {
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      metaProperty('og:type', 'website'),
      metaProperty('og:site_name', BUSINESS.name),
      metaProperty('og:locale', 'en_GB'),
      metaProperty('og:title', meta.title),
      metaProperty('og:description', meta.description),
      metaProperty('og:url', url),
      metaProperty('og:image', `${siteUrl}${OG_IMAGE.path}`),
      metaProperty('og:image:type', 'image/png'),
      metaProperty('og:image:width', String(OG_IMAGE.width)),
      metaProperty('og:image:height', String(OG_IMAGE.height)),
      metaProperty('og:image:alt', OG_IMAGE.alt),
      metaName('twitter:card', 'summary_large_image'),
    );
  }
  tags.push(...page.jsonLd);
  return tags.join('\n    ');
}

/**
 * The tags React hoists out of the rendered tree (`<title>`, `<meta>`, `<link>`, `<style>`): renderToString
 * puts them in front of the markup because it does not render the document's head. Returns them and the
 * markup without them, so they can go into the head and #root holds exactly what the client hydrates.
 */
export function splitHoisted(rendered: string): { hoisted: string[]; markup: string } {
  const hoisted: string[] = [];
  let rest = rendered;
  for (;;) {
    const tag = /^(?:<title\b[^>]*>[\s\S]*?<\/title>|<style\b[^>]*>[\s\S]*?<\/style>|<(?:meta|link)\b[^>]*>)/.exec(rest);
    if (!tag) break;
    hoisted.push(tag[0]);
    rest = rest.slice(tag[0].length);
  }
  return { hoisted, markup: rest };
}

/** What identifies a head tag for de-duplication: 'title', 'meta:description', 'meta:og:title', 'link:canonical'. */
export function headKey(tag: string): string | undefined {
  if (tag.startsWith('<title')) return 'title';
  const meta = /^<meta\b[^>]*\b(?:name|property)="([^"]+)"/.exec(tag);
  if (meta) return `meta:${meta[1]}`;
  const canonical = /^<link\b[^>]*\brel="canonical"/.exec(tag);
  return canonical ? 'link:canonical' : undefined;
}

/** A head tag's text (title) or content attribute, entities decoded, to compare tags written differently. */
export function headValue(tag: string): string {
  const raw = /^<title\b[^>]*>([\s\S]*?)<\/title>/.exec(tag)?.[1] ?? /\bcontent="([^"]*)"/.exec(tag)?.[1] ?? /\bhref="([^"]*)"/.exec(tag)?.[1] ?? '';
  return raw
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Fills the built app shell (dist/index.html) for one page: the page's head replaces the shell's title,
 * description and `noindex`; `extraHead` (hoisted tags, stylesheets) goes before `</head>`; the markup goes
 * into #root, and the shell's "needs JavaScript" notice goes, since the page reads without it. The shell's
 * app script and its module preloads give way to `script` (pwa/prerender/start.ts), which loads the app's
 * `modules` after the first paint, at low priority: the page's HTML, stylesheet and images come first.
 */
export function pageDocument(
  template: string,
  parts: { head: string; extraHead: readonly string[]; markup: string; script: string; modules: readonly string[]; islands?: boolean },
): string {
  let html = replaceOnce(template, /\s*<meta\s+name="description"[^>]*>/, () => '');
  html = replaceOnce(html, /\s*<meta\s+name="robots"[^>]*>/, () => '');
  html = replaceOnce(html, /\s*<noscript>[\s\S]*?<\/noscript>/, () => '');
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const script = `<script type="module" fetchpriority="low" crossorigin src="${escapeHtml(parts.script)}" data-modules="${escapeHtml(parts.modules.join(' '))}"${parts.islands ? ' data-islands' : ''}></script>`;
  html = replaceOnce(html, /<script type="module" crossorigin src="[^"]+"><\/script>/, () => script);
  html = replaceOnce(html, /<title>[\s\S]*?<\/title>/, () => parts.head);
  if (parts.extraHead.length > 0) html = replaceOnce(html, /\s*<\/head>/, () => `\n    ${parts.extraHead.join('\n    ')}\n  </head>`);
  return replaceOnce(html, /<div id="root"><\/div>/, () => `<div id="root">${parts.markup}</div>`);
}

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function metaName(name: string, content: string): string {
  return `<meta name="${name}" content="${escapeHtml(content)}" />`;
}

function metaProperty(property: string, content: string): string {
  return `<meta property="${property}" content="${escapeHtml(content)}" />`;
}

/** One replacement of a pattern that must occur exactly once in the shell: a changed shell fails the build loudly. */
function replaceOnce(html: string, pattern: RegExp, by: () => string): string {
  const global = new RegExp(pattern.source, 'g');
  const count = html.match(global)?.length ?? 0;
  if (count !== 1) throw new Error(`Prerender: expected exactly one ${pattern} in the app shell (pwa/index.html), found ${count}`);
  return html.replace(pattern, by);
}
