import { parseArgs } from 'node:util';
import { ErasePersonSchema } from '#domain/schemas/people.ts';
import { openToolStorage } from '../storage.ts';
import { loadConfig } from '../config.ts';
import { withdrawBeforeErasure } from '../commands/account-deletion.ts';
import { eraseCustomer, erasePerson } from '../commands/people.ts';

// `npm run erase -- --email person@example.com`: UK GDPR erasure. Deletes the person's key, so every
// personal field of theirs in the event log becomes unreadable, ends their sessions and rebuilds the read
// models. Their bookings stay (status, dates, service, history) with the personal fields shown as erased.
// `npm run erase -- --phone "01632 960123"`: the same for a customer booked on the phone with no email address
// (the keys of their records with no address and that number).
const { values } = parseArgs({ options: { email: { type: 'string' }, phone: { type: 'string' } } });
const parsed = ErasePersonSchema.safeParse({ ...(values.email !== undefined ? { email: values.email } : {}), ...(values.phone !== undefined ? { phone: values.phone } : {}) });
if (!parsed.success) {
  console.error('Usage: npm run erase -- --email person@example.com   (or --phone "01632 960123" for someone with no email address)');
  process.exit(2);
}
const { email, phone } = parsed.data;
const whom = email ?? phone!;
const config = loadConfig();
const storage = openToolStorage(config);
try {
  // What is still open is withdrawn first, as the admin's erasure does (an admin account's address has none to withdraw).
  const admin = !!email && storage.queries.userByEmail(email)?.isAdmin === true;
  const { result: withdrawal } = admin
    ? { result: { bookingRequests: 0, quoteRequests: 0 } }
    : await storage.bus.execute({ commandId: null, actor: null, role: 'system', now: new Date() }, (uow) => withdrawBeforeErasure(uow, { email, phone }, null));
  const withdrawn = withdrawal.bookingRequests + withdrawal.quoteRequests;
  const { erased, sessionsEnded, filesDeleted } = email ? await erasePerson(storage, config.storageDir, email) : await eraseCustomer(storage, config.storageDir, { phone: phone! });
  console.log(
    erased
      ? `Erased ${whom}: ${withdrawn} open request(s) withdrawn, key(s) deleted, ${sessionsEnded} session(s) ended, ${filesDeleted} file(s) deleted, read models rebuilt.`
      : `Nothing stored for ${whom}; nothing to erase.`,
  );
} finally {
  storage.close();
}
