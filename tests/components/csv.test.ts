import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { phoneDigits } from '#domain/phone.ts';
import { bookingReference } from '#domain/reference.ts';
import { bookingsFor, phoneCell, referenceCell, toCsv } from '../../pwa/components/admin/calendar/csv.ts';
import { aJob } from './a-job.ts';

const job = aJob;

/** A booking id whose reference (its last eight hex digits) is `reference`. */
const idFor = (reference: string) => `019a0000-0000-7000-8000-0000${reference}`;

/**
 * What Excel, LibreOffice and Google Sheets (en-GB) turn into a number or a date when they open a CSV: digits with
 * an optional sign, thousands commas, decimals, exponent or percent; and a whole cell that is a day with a month's
 * name ('1dec2025', 'feb 12').
 */
function spreadsheetConverts(cell: string): boolean {
  const number = /^[+-]?((\d{1,3}(,\d{3})+|\d+)(\.\d*)?|\.\d+)(e[+-]?\d+)?%?$/i.test(cell.trim());
  const month = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
  const date = new RegExp(`^(\\d{1,4}[\\s/-]?${month}([\\s/-]?\\d{1,4})?|${month}[\\s/-]?\\d{1,4}([\\s/-]?\\d{1,4})?)$`, 'i').test(cell.trim());
  return number || date;
}

/** The CSV as a spreadsheet reads it: header and rows, a cell by its column's name. */
function read(csv: string): Array<(name: string) => string> {
  const [header, ...rows] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
  return rows.map((row) => (name: string) => row[header!.indexOf(name)]!);
}

describe('the CSV export', () => {
  it('writes a reference a spreadsheet would read as a number or a date so that it cannot, all eight characters together', () => {
    const risky = ['27157741', '03532754', '578621e6', '00000000', '1dec2025', '1feb2026'];
    const plain = ['a3f9c210', '9ea606fb', 'e1234567', '1234567e'];
    const rows = read(toCsv([...risky, ...plain].map((reference) => job({ id: idFor(reference) }))));
    const cells = rows.map((cell) => cell('Reference'));
    expect(cells).toEqual([...risky.map((r) => `#${r}`), ...plain]);
    for (const cell of cells) expect(spreadsheetConverts(cell), cell).toBe(false);
    // Without the '#' every risky one would be converted, and none of the others.
    for (const reference of risky) expect(spreadsheetConverts(reference), reference).toBe(true);
    for (const reference of plain) expect(spreadsheetConverts(reference), reference).toBe(false);
    // Over many bookings, none is left for the spreadsheet to convert, and each still holds its reference.
    for (let i = 0; i < 2000; i++) {
      const id = crypto.randomUUID();
      const cell = referenceCell(bookingReference(id));
      expect(spreadsheetConverts(cell), cell).toBe(false);
      expect(cell.replace(/^#/, '')).toBe(bookingReference(id));
    }
  });

  it('writes a phone number as text that keeps its leading 0: a UK number in its usual groups', () => {
    const cases: Array<[string, string]> = [
      ['01632960207', '01632 960207'],
      ['01632 960 207', '01632 960207'],
      ['+44 1632 960123', '01632 960123'],
      ['+44 (0)7700 900123', '07700 900123'],
      ['07700900123', '07700 900123'],
      ['02079460000', '020 7946 0000'],
      ['01134960000', '0113 496 0000'],
      ['03001234567', '0300 123 4567'],
      ['0800123456', '0800 123456'],
      ['12345678', '12345 678'],
      ['ring 01632 960207 after 5', 'ring 01632 960207 after 5'],
    ];
    const rows = read(toCsv(cases.map(([phone]) => job({ phone }))));
    expect(rows.map((cell) => cell('Phone'))).toEqual(cases.map(([, written]) => written));
    for (const [typed, written] of cases) {
      expect(spreadsheetConverts(written), written).toBe(false);
      expect(phoneDigits(written)).toBe(phoneDigits(typed));
    }
    expect(phoneCell(null)).toBe('');
  });

  it('still neutralises a formula in the phone column, and a foreign number’s leading +', () => {
    const rows = read(toCsv([job({ phone: '@SUM(A1)' }), job({ phone: '=1+2' }), job({ phone: '+33 6 12 34 56 78' })]));
    expect(rows.map((cell) => cell('Phone'))).toEqual(["'@SUM(A1)", "'=1+2", "'+33 6 12 34 56 78"]);
  });

  it("has the admin's notes on each job in a Notes column, line breaks and all, with a formula in them neutralised", () => {
    const rows = read(toCsv([job({ notes: 'Key under the mat\nDog in the garden' }), job({ notes: null }), job({ notes: '=HYPERLINK("http://evil.example")' })]));
    expect(rows.map((cell) => cell('Notes'))).toEqual(['Key under the mat\nDog in the garden', '', `'=HYPERLINK("http://evil.example")`]);
  });

  it('says when and how a job was paid, and nothing for one not paid', () => {
    const rows = read(toCsv([job({ paidOn: '2026-11-27', paidBy: 'bank_transfer' }), job({ paidOn: '2026-11-28', paidBy: null }), job({})]));
    expect(rows.map((cell) => [cell('Paid on'), cell('Paid by')])).toEqual([
      ['2026-11-27', 'bank transfer'],
      ['2026-11-28', ''],
      ['', ''],
    ]);
  });

  it('gives a job made from a quote its agreed price as a number a spreadsheet adds up, and other jobs none', () => {
    const quotes = [
      { id: 'q1', estimatedCost: '1250.50' },
      { id: 'q2', estimatedCost: '£1,100' },
      { id: 'q3', estimatedCost: null },
      { id: 'q4', estimatedCost: 'about 300' },
    ];
    const rows = read(toCsv([job({ quoteId: 'q1' }), job({ quoteId: 'q2' }), job({ quoteId: 'q3' }), job({ quoteId: 'q4' }), job({ quoteId: 'gone' }), job({})], quotes));
    expect(rows.map((cell) => cell('Quoted price (£)'))).toEqual(['1250.50', '1100', '', 'about 300', '', '']);
  });

  it('says where each job came from in words, as its card does', () => {
    const rows = read(
      toCsv([
        job({ isManualBooking: true, source: 'admin' }),
        job({ source: 'admin' }),
        job({ quoteId: 'q1', source: 'quote' }),
        job({ source: 'portal' }),
        job({ source: 'website' }),
      ]),
    );
    expect(rows.map((cell) => cell('Source'))).toEqual(['Added by you', 'Added by you', 'From a quote', 'Customer portal', 'Website']);
  });

  it('puts in Today’s the day’s plan as the calendar shows it: no cancelled job, the earliest start first', () => {
    const today = '2026-12-03';
    const jobs = [
      job({ firstName: 'Afternoon', startTime: '14:00', status: 'confirmed' }),
      job({ firstName: 'Called off', startTime: '08:00', status: 'cancelled' }),
      job({ firstName: 'Morning', startTime: '09:00', status: 'pending' }),
      job({ firstName: 'Tomorrow', startDate: '2026-12-04', finishDate: '2026-12-04' }),
    ];
    expect(bookingsFor('today', jobs, today).map((b) => b.firstName)).toEqual(['Morning', 'Afternoon']);
  });

  it('counts as upcoming every job still to do whose last day is today or later: today’s by time, and one running until tomorrow', () => {
    const today = '2026-12-03';
    const jobs = [
      job({ firstName: 'Later', startDate: '2026-12-10', finishDate: '2026-12-10' }),
      job({ firstName: 'Today', status: 'confirmed', startTime: '15:00' }),
      job({ firstName: 'Today early', status: 'confirmed', startTime: '09:00' }),
      job({ firstName: 'Done this morning', status: 'completed', startTime: '08:00' }),
      job({ firstName: 'Done early', startDate: '2026-12-01', finishDate: '2026-12-05', status: 'completed' }),
      job({ firstName: 'Until tomorrow', startDate: '2026-11-30', finishDate: '2026-12-04', status: 'in_progress' }),
      job({ firstName: 'Ended yesterday', startDate: '2026-11-30', finishDate: '2026-12-02', status: 'in_progress' }),
      job({ firstName: 'Called off', startDate: '2026-12-11', finishDate: '2026-12-11', status: 'cancelled' }),
      job({ firstName: 'No dates', startDate: null, finishDate: null }),
    ];
    expect(bookingsFor('upcoming', jobs, today).map((b) => b.firstName)).toEqual(['Until tomorrow', 'Today early', 'Today', 'Later']);
  });
});
