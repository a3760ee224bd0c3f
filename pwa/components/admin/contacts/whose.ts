import { phoneDigits } from '#domain/phone.ts';

type Reachable = { email: string | null; phone: string | null };

/**
 * Who a record is of, as the admin's screens match people: by email address; a customer with none (booked on the
 * phone) by their number, however it was written. '' for a record with neither, which is nobody's.
 */
export function whoseKey(row: Reachable): string {
  if (row.email) return `email:${row.email.toLowerCase()}`;
  const digits = phoneDigits(row.phone);
  return digits ? `phone:${digits}` : '';
}

/** The rows (jobs, quotes) of the person whose record `of` is. */
export function theirs<T extends Reachable>(of: Reachable, rows: readonly T[]): T[] {
  const key = whoseKey(of);
  return key ? rows.filter((row) => whoseKey(row) === key) : [];
}
