import { describe, expect, it } from 'vitest';
import { phoneDigits } from '#domain/phone.ts';
import { finder, searchText } from '../../pwa/components/admin/find.ts';

const job = ['Siobhan', "O'Brien", 'siobhan@example.com', '07700 900102', '4 Mill Lane, Staines TW18 2EA'];
const finds = (query: string, fields: ReadonlyArray<string | null> = job) => finder(query)(fields);

describe('the admin’s search (finder)', () => {
  it('finds a phone number typed without spaces or with +44 for the 0', () => {
    expect(finds('07700900102')).toBe(true);
    expect(finds('+44 7700 900102')).toBe(true);
    expect(finds('+447700900102')).toBe(true);
    expect(finds('0044 7700 900102')).toBe(true);
    expect(finds('900 102')).toBe(true);
    expect(finds('07700900109')).toBe(false);
  });

  it('finds a number stored with +44 when typed with 0, also inside a longer text', () => {
    expect(finds('07700 900109', ['+44 7700 900109'])).toBe(true);
    expect(finds('07700900109', ['+44 (0)7700 900109'])).toBe(true);
    expect(finds('07700900109', ['Ring me on +44 7700 900109 after 5'])).toBe(true);
  });

  it('finds a postcode typed without its space, in any case', () => {
    expect(finds('tw182ea')).toBe(true);
    expect(finds('TW18 2EA')).toBe(true);
    expect(finds('tw18 2e a')).toBe(true);
    expect(finds('tw183ea')).toBe(false);
  });

  it('treats curly and straight apostrophes alike, on either side', () => {
    expect(finds('O’Brien')).toBe(true);
    expect(finds('o‘brien')).toBe(true);
    expect(finds("O'Brien", ['Siobhan', 'O’Brien'])).toBe(true);
    expect(finds('OBrien')).toBe(false);
  });

  it('finds everything for an empty query and skips missing fields', () => {
    expect(finds('   ')).toBe(true);
    expect(finds('mill', [null, 'Mill Lane'])).toBe(true);
    expect(finds('x', [null])).toBe(false);
  });

  it('does not read a short number as a phone number (a house number is text)', () => {
    // As digits, '1 High St, TW15 2AA' is '1152'; the text match alone decides for a short number.
    expect(finds('115', ['1 High St, TW15 2AA'])).toBe(false);
    expect(finds('15 2', ['1 High St, TW15 2AA'])).toBe(true);
  });

  it('normalises one way for both sides', () => {
    expect(searchText(' O’Brien  TW18 2EA ')).toBe("o'brientw182ea");
    expect(phoneDigits('+44 (0)7700-900 109')).toBe('07700900109');
    expect(phoneDigits('0044 7700 900109')).toBe('07700900109');
    expect(phoneDigits('01632 960001')).toBe('01632960001');
  });
});
