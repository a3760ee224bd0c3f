import { ERASED } from '#domain/limits.ts';
import { phoneDigits } from '#domain/phone.ts';
import { whoseKey } from '../contacts/whose.ts';

/** A customer the tablet has jobs or quotes for, as they were on their latest one. */
export type KnownPerson = {
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  from: 'job' | 'quote request';
};

/** A job or a quote request (which has a quote's status), as far as it says who it is for. */
type PersonRecord = Omit<KnownPerson, 'from'> & { createdAt: string; quoteStatus?: string };

/**
 * The people of the jobs (and quotes) on the tablet, each once (by email address, else by number: whose.ts), as on their
 * latest one, newest first; none erased. What Add Manual Booking and New quote offer as a returning customer's number or
 * address is typed.
 */
export function knownPeople(bookings: readonly PersonRecord[], most = 300): KnownPerson[] {
  const seen = new Set<string>();
  const people: KnownPerson[] = [];
  for (const job of [...bookings].sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
    const key = whoseKey(job);
    if (!key || seen.has(key) || job.firstName === ERASED || job.email === ERASED) continue;
    seen.add(key);
    people.push({
      firstName: job.firstName,
      lastName: job.lastName,
      email: job.email,
      phone: job.phone,
      address: job.address === ERASED ? null : job.address,
      from: job.quoteStatus === undefined ? 'job' : 'quote request',
    });
    if (people.length === most) break;
  }
  return people;
}

/**
 * The known person whose email address or number this is (however the number is written), if exactly one is. A number
 * counts once it is whole (11 digits, as nearly every UK number has), or as written on their job (picked from the list):
 * typed digit by digit, an 11-digit number passes through 10 digits that may be someone else's shorter one.
 */
export function knownBy(field: 'email' | 'phone', value: string, people: readonly KnownPerson[]): KnownPerson | undefined {
  const wanted = field === 'email' ? value.trim().toLowerCase() : phoneDigits(value);
  if (!wanted) return undefined;
  const whole = (person: KnownPerson) => wanted.length >= 11 || person.phone === value.trim();
  const found = people.filter((person) => (field === 'email' ? person.email?.toLowerCase() === wanted : phoneDigits(person.phone) === wanted && whole(person)));
  return found.length === 1 ? found[0] : undefined;
}
