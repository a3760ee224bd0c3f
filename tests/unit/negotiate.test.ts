import { describe, expect, it } from 'vitest';
import { noneMatch, preferredEncoding } from '#backend/http/negotiate.ts';

describe('preferredEncoding (Accept-Encoding)', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['gzip;q=0.5, br;q=0.1', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['identity;q=1, br;q=0.5', null],
    ['br;q=0.5, identity;q=0', 'br'],
  ] as const)('%j → %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
    // Remembered answers are the same answers.
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('noneMatch (If-None-Match)', () => {
  it('matches the same tag, weakly, in a list, and *', () => {
    expect(noneMatch('"abc"', '"abc"')).toBe(true);
    expect(noneMatch('W/"abc"', '"abc"')).toBe(true);
    expect(noneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(noneMatch('"x", W/"abc" , "y"', '"abc"')).toBe(true);
    expect(noneMatch('*', '"abc"')).toBe(true);
  });

  it('does not match another tag or a tag with another encoding suffix', () => {
    expect(noneMatch('"abd"', '"abc"')).toBe(false);
    expect(noneMatch('"abc-br"', '"abc"')).toBe(false);
    expect(noneMatch('', '"abc"')).toBe(false);
  });
});
