import { phoneDigits } from '#domain/phone.ts';

/**
 * The one rule for the admin's searches ("Find a job", "Find a contact"): what the electrician types finds a record
 * however either side was typed. Case, spaces, accents and punctuation do not count ("tw182ea" finds "TW18 2EA",
 * "obrien", "o brien" and the iPad's "O’Brien" find "O'Brien", "bronte" finds "Brontë"); a title before a name is
 * dropped ("Mrs O'Brien"); the street words and their short forms are one ("Kingston Rd" finds "Kingston Road", and
 * "Dr" is Drive after a name, a title before one); and a phone number is its digits, with +44 or 0044 read as the
 * leading 0 ("+44 7700 900109" and "07700900109" both find "07700 900109").
 */
export function finder(query: string): (fields: ReadonlyArray<string | null | undefined>) => boolean {
  const matches = matcher(query);
  return (fields) => matches(searchable(fields));
}

/**
 * A record's fields as searches compare them, made once per record rather than at every key pressed: on a phone with
 * 320 jobs, normalising every field again at each key made typing lag.
 */
export type Searchable = { readonly text: string; readonly digits: string };

/** Makes a record's fields searchable (finder's rule); the fields are kept apart, so no match runs across two. */
export function searchable(fields: ReadonlyArray<string | null | undefined>): Searchable {
  const present = fields.filter((field): field is string => !!field);
  // A space never occurs in searchText's text, nor in a number's digits: it keeps the fields apart.
  return { text: present.map(searchText).join(' '), digits: present.map(phoneDigits).join(' ') };
}

/**
 * searchable for one list's records, each made once per record object and kept with it (in a WeakMap) while the object
 * lives: the device copy keeps a record's object until it changes (sameRows), so a list opened again, a pull or a
 * status change normalises only what is new, where 2,000 jobs were all normalised again each time.
 */
export function searchCache<T extends object>(fields: (record: T) => ReadonlyArray<string | null | undefined>): (record: T) => Searchable {
  const made = new WeakMap<T, Searchable>();
  return (record) => {
    let found = made.get(record);
    if (found === undefined) {
      found = searchable(fields(record));
      made.set(record, found);
    }
    return found;
  };
}

/**
 * What matcher answers for a search with nothing to look for: every record matches. A list can test for it and skip
 * making its records searchable (2,000 jobs normalised as the portal opens, before anyone has typed).
 */
export const everything = (_record: Searchable): boolean => true;

/** What finder does, for records made searchable beforehand. */
export function matcher(query: string): (record: Searchable) => boolean {
  const texts = queryTexts(query);
  if (texts.length === 0) return everything;
  const digits = isPhoneLike(query) ? phoneDigits(query) : null;
  return (record) => texts.some((typed) => record.text.includes(typed)) || (digits !== null && record.digits.includes(digits));
}

/** Text as searches compare it: its words in lower case without accents, the street words in full, run together. */
export function searchText(value: string): string {
  return words(value)
    .map((word) => STREET_WORDS[word] ?? word)
    .join('');
}

/** Titles dropped from the start of a search for a name. */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr']);

/** The short forms of street words, as addresses are written either way. */
const STREET_WORDS: Readonly<Record<string, string>> = {
  rd: 'road',
  st: 'street',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  cl: 'close',
  dr: 'drive',
  cres: 'crescent',
  gdns: 'gardens',
  pl: 'place',
  sq: 'square',
  tce: 'terrace',
};

/**
 * What a query looks for: its words as searchText gives them, after a title that starts it ("Mrs O'Brien", "Dr
 * Patel"; a title alone is still searched for). While the last word is being typed it may be the start of another
 * word ("St" of "Staines", "Dr" of "Drew"), so a query ending in a short form also looks for it as typed. None for a
 * blank query.
 */
function queryTexts(query: string): string[] {
  let typed = words(query);
  if (typed.length > 1 && TITLES.has(typed[0]!)) typed = typed.slice(1);
  if (typed.length === 0) return [];
  const full = typed.map((word) => STREET_WORDS[word] ?? word).join('');
  const last = typed.at(-1)!;
  if (!(last in STREET_WORDS)) return [full];
  return [full, [...typed.slice(0, -1).map((word) => STREET_WORDS[word] ?? word), last].join('')];
}

/** A text's words: lower case, accents and apostrophes dropped, split at anything not a letter or a digit. */
function words(value: string): string[] {
  return value
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** The accents NFKD splits off a letter ("ë" is "e" and a diaeresis). */
const MARKS = /\p{M}/gu;

/** ' ‘ ’ ‛ ′ ʼ ` ´: what keyboards and autocorrect type for an apostrophe (ʼ counts as a letter, so it is named). */
const APOSTROPHES = /['\u2018\u2019\u201B\u2032\u02BC\u0060\u00B4]/g;

/**
 * Whether a query is (part of) a phone number: only what numbers are written with, and enough digits not to be a
 * house number (which the text match finds anyway).
 */
function isPhoneLike(query: string): boolean {
  return /^[\d\s()+.-]+$/.test(query.trim()) && query.replace(/\D/g, '').length >= 4;
}
