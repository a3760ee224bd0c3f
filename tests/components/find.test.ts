import { describe, expect, it } from 'vitest';
import { phoneDigits } from '#domain/phone.ts';
import type { BookingView } from '#domain/views.ts';
import { jobSearchFields } from '../../pwa/components/admin/bookings/job-search.ts';
import { finder, matcher, searchable, searchText } from '../../pwa/components/admin/find.ts';

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
  });

  it('finds a name typed the natural way: no apostrophe, a space for it, a title before it', () => {
    const maureen = ["Maureen O'Brien", '12 Kingston Road, Staines TW18 4AA'];
    for (const typed of ['obrien', 'o brien', 'OBrien', 'Mrs O’Brien', "Mrs. O'Brien", 'Maureen OBrien', 'maureen o-brien', 'Dr Maureen O Brien', 'Ms obrien']) {
      expect(finds(typed, maureen), typed).toBe(true);
    }
    expect(finds("O'Brian", maureen)).toBe(false);
    expect(finds('Mrs Smith', maureen)).toBe(false);
    // Either side: stored without the apostrophe, found with it.
    expect(finds("O'Brien", ['Maureen OBrien'])).toBe(true);
    expect(finds('bronte', ['Zoë Brontë'])).toBe(true);
  });

  it('treats a street word and its short form alike, on either side', () => {
    const road = ['12 Kingston Road, Staines TW18 4AA'];
    for (const typed of ['Kingston Rd', 'kingston rd.', 'Kingston Road', 'Kingston Ro', '12 kingston rd staines']) expect(finds(typed, road), typed).toBe(true);
    expect(finds('Kingston Road', ['12 Kingston Rd, Staines'])).toBe(true);
    expect(finds('Kingston St', road)).toBe(false);
    const pairs: Array<[string, string]> = [
      ['Mill St', 'Mill Street'],
      ['Elm Ave', 'Elm Avenue'],
      ['Mill Ln', 'Mill Lane'],
      ['Oak Cl', 'Oak Close'],
      ['Park Dr', 'Park Drive'],
    ];
    for (const [short, long] of pairs) {
      expect(finds(short, [`4 ${long}, Egham`]), short).toBe(true);
      expect(finds(long, [`4 ${short}, Egham`]), long).toBe(true);
    }
  });

  it('reads "Dr" before a name as a title and after one as Drive', () => {
    expect(finds('Dr Patel', ['Anil Patel', '3 Park Road'])).toBe(true);
    expect(finds('Park Dr', ['Anil Patel', '3 Park Drive'])).toBe(true);
    expect(finds('Park Dr', ['Anil Patel', '3 Park Road'])).toBe(false);
  });

  it('still finds what a short form starts while it is being typed ("St" of Staines, "Dr" of Drew)', () => {
    expect(finds('St', ['4 Mill Lane, Staines'])).toBe(true);
    expect(finds('Dr', ['Drew Dawson'])).toBe(true);
    expect(finds('Ave', ['Avery Able'])).toBe(true);
    expect(finds('Mrs', ['Mrs Jones'])).toBe(true);
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
    expect(searchText(' O’Brien  TW18 2EA ')).toBe('obrientw182ea');
    expect(searchText("12 Kingston Rd., O'Brien")).toBe('12kingstonroadobrien');
    expect(phoneDigits('+44 (0)7700-900 109')).toBe('07700900109');
    expect(phoneDigits('0044 7700 900109')).toBe('07700900109');
    expect(phoneDigits('01632 960001')).toBe('01632960001');
  });

  it('finds the same in fields made searchable once (as the job list keeps them) as in the fields themselves, and never across two fields', () => {
    const fields = ["Maureen O'Brien", 'maureen@example.com', '+44 7700 900102', '12 Kingston Rd, Staines TW18 4AA', null, 'Rewiring'];
    const record = searchable(fields);
    for (const typed of ['obrien', 'Mrs O Brien', 'kingston road', '07700900102', 'tw184aa', 'rewir', 'Kingston St', 'x', '', 'staines rewiring']) {
      expect(matcher(typed)(record), typed).toBe(finder(typed)(fields));
    }
    // 'TW18 4AA' ends one field and 'Rewiring' starts the next: no match runs across them.
    expect(matcher('4aarewiring')(record)).toBe(false);
  });
});


describe('Find a job', () => {
  it("finds a job by words in the admin's notes on it, however they were typed", () => {
    const base = { id: '019a0000-0000-7000-8000-000000000001', firstName: 'Nora', lastName: 'Notes', email: null, phone: null, address: null, serviceType: 'rewiring', description: null };
    const noted = { ...base, notes: 'Board is an old Wylex, needs a new CU. Key under the mat.' } as BookingView;
    const plain = { ...base, notes: null } as BookingView;
    const finds = (query: string, booking: BookingView) => matcher(query)(searchable(jobSearchFields(booking)));
    for (const typed of ['wylex', 'WYLEX', 'old wylex', 'key under the mat', 'new cu']) expect(finds(typed, noted), typed).toBe(true);
    expect(finds('wylex', plain)).toBe(false);
    // The rest of the job is still found as before.
    expect(finds('nora notes', plain)).toBe(true);
  });
});
