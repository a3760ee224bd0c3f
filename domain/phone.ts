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
