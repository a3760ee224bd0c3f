/**
 * A phone number (or text with one in it) as its digits, in the national form, so numbers compare however they were
 * written: "01632 960 001", "01632960001", "+44 1632 960001", "+44 (0)1632 960001" and "0044 1632 960001" are one
 * number. The support lookup, Contacts (a customer with no email address) and the admin's searches all use it.
 */
export function phoneDigits(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/(?:\+|\b00)\s*44\s*(?:\(0\)\s*)?/g, '0').replace(/\D/g, '');
  // "441632960001": the country code without its plus.
  if (digits.startsWith('44') && digits.length >= 12) return `0${digits.slice(2)}`;
  return digits;
}

/**
 * A UK number (as phoneDigits reads it) in its usual written groups: "020 7946 0000", "0113 496 0000",
 * "0300 123 4567", "01632 960207", "07700 900123", "0800 123456"; null when the digits are not a UK number's.
 * Written so, a number is text to a spreadsheet (the space) and keeps its leading 0.
 */
export function ukPhoneGroups(digits: string): string | null {
  if (/^0\d{10}$/.test(digits)) {
    if (digits.startsWith('02')) return `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
    // Big-city codes (0113, 0121 … 0191; 0118) and the non-geographic 03, 08 and 09 ranges: 4-3-4.
    if (/^01(1\d|\d1)|^0[389]/.test(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
    return `${digits.slice(0, 5)} ${digits.slice(5)}`;
  }
  if (/^0\d{9}$/.test(digits)) return /^0[58]00/.test(digits) ? `${digits.slice(0, 4)} ${digits.slice(4)}` : `${digits.slice(0, 5)} ${digits.slice(5)}`;
  return null;
}
