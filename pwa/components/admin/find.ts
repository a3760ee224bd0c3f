import { phoneDigits } from '#domain/phone.ts';

/**
 * The one rule for the admin's searches ("Find a job", "Find a contact"): what the electrician types finds a record
 * however either side was typed. Case and spaces do not count ("tw182ea" finds "TW18 2EA"), the iPad's curly
 * apostrophes are the plain one ("O’Brien" finds "O'Brien"), and a phone number is its digits, with +44 or 0044 read
 * as the leading 0 ("+44 7700 900109" and "07700900109" both find "07700 900109").
 */
export function finder(query: string): (fields: ReadonlyArray<string | null | undefined>) => boolean {
  const text = searchText(query);
  if (text === '') return () => true;
  const digits = isPhoneLike(query) ? phoneDigits(query) : null;
  return (fields) => fields.some((field) => !!field && (searchText(field).includes(text) || (digits !== null && phoneDigits(field).includes(digits))));
}

/** Text as searches compare it: lower case, no spaces, every apostrophe the plain one. */
export function searchText(value: string): string {
  return value.normalize('NFKC').toLowerCase().replace(APOSTROPHES, "'").replace(/\s+/g, '');
}

/** ‘ ’ ‛ ′ ʼ ` ´: what keyboards and autocorrect type for an apostrophe. */
const APOSTROPHES = /[\u2018\u2019\u201B\u2032\u02BC\u0060\u00B4]/g;

/**
 * Whether a query is (part of) a phone number: only what numbers are written with, and enough digits not to be a
 * house number (which the text match finds anyway).
 */
function isPhoneLike(query: string): boolean {
  return /^[\d\s()+.-]+$/.test(query.trim()) && query.replace(/\D/g, '').length >= 4;
}
