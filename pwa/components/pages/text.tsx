import type { ReactNode } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { MAILTO_HREF, TEL_HREF } from '#domain/content/shared.ts';

/** Phrases in running copy that are worth a tap: our email and phone, and the ICO's complaint page and helpline. */
const LINKS: ReadonlyMap<string, string> = new Map([
  [BUSINESS.email, MAILTO_HREF],
  [BUSINESS.phone, TEL_HREF],
  ['ico.org.uk/make-a-complaint', 'https://ico.org.uk/make-a-complaint/'],
  ['0303 123 1113', 'tel:+443031231113'],
]);

const PATTERN = new RegExp(`(${[...LINKS.keys()].map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);

/**
 * Plain content text with the known contact details turned into links; a list item's lead-in ('Access:'
 * or 'Quote and booking requests:') is set in bold, so long lists can be skimmed.
 */
export function Linkified({ text }: { text: string }) {
  const colon = text.indexOf(': ');
  const leadIn = colon > 0 && colon <= 40 && !text.slice(0, colon).includes('.') ? text.slice(0, colon + 1) : '';
  return (
    <>
      {leadIn ? <strong>{leadIn}</strong> : null}
      {withLinks(leadIn ? text.slice(leadIn.length) : text)}
    </>
  );
}

/**
 * Text with a town's name kept on one line while the name fits on one: a heading broken at the name's own hyphens
 * ('Staines-' / 'upon-Thames and nearby') reads as two places. An inline block, so a name too long for the line
 * alone still wraps inside itself rather than running off the screen. The hero's h1 uses it too: on a phone a long
 * name's page sets the h1 just small enough for the name to fit a line (TownPage's LONG_NAME, town.css).
 */
export function KeepName({ text, name }: { text: string; name: string }) {
  const at = text.indexOf(name);
  if (at < 0) return <>{text}</>;
  // With what is joined to it, a possessive's 's above all: 'Richmond' / ''s period homes' read as a typo.
  const end = at + name.length + (/^\S*/.exec(text.slice(at + name.length))?.[0].length ?? 0);
  return (
    <>
      {text.slice(0, at)}
      <span className="keep-together">{text.slice(at, end)}</span>
      {text.slice(end)}
    </>
  );
}

/**
 * Text with a chance to wrap after the @ of an email address in it (the home page's contact card, the support page's
 * card), never in the middle of a word: an address is one long word, and in a narrow column it ran past the card's
 * edge and was cut off.
 */
export function BreakAfterAt({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

/** '2026-11-22' as '22 November 2026', without Date, so prerendering and every time zone agree. */
export function longDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  const name = MONTHS[(month ?? 1) - 1] ?? '';
  return `${day} ${name} ${year}`;
}

/** '2026-11-22' as '22 Nov 2026', for compact lists. */
export function shortDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return `${day} ${(MONTHS[(month ?? 1) - 1] ?? '').slice(0, 3)} ${year}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function withLinks(text: string): ReactNode[] {
  return text.split(PATTERN).map((part, index) => {
    const href = index % 2 === 1 ? LINKS.get(part) : undefined;
    if (!href) return part;
    const external = href.startsWith('https:');
    return (
      <a key={`${part}-${index}`} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {part}
        {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
      </a>
    );
  });
}
