import { parseArgs } from 'node:util';
import { personSubject } from '#domain/events.ts';
import { requiredEmail } from '#domain/schemas/fields.ts';
import { openToolStorage } from '../storage.ts';
import { loadConfig } from '../config.ts';
import { removeErasedFiles } from '../retention.ts';

// `npm run erase -- --email person@example.com`: UK GDPR erasure. Deletes the person's key, so every
// personal field of theirs in the event log becomes unreadable, ends their sessions and rebuilds the read
// models. Their bookings stay (status, dates, service, history) with the personal fields shown as erased.
const { values } = parseArgs({ options: { email: { type: 'string' } } });
const parsed = requiredEmail().safeParse(values.email ?? '');
if (!parsed.success) {
  console.error('Usage: npm run erase -- --email person@example.com');
  process.exit(2);
}
const email = parsed.data;
const config = loadConfig();
const storage = openToolStorage(config);
try {
  const user = storage.queries.userByEmail(email);
  const sessions = user ? storage.sessions.destroyForUser(user.id) : 0;
  const { keysDeleted } = await storage.erase(personSubject(email, ''));
  // The files they uploaded go too: the events keep only the (sealed) names.
  const files = await removeErasedFiles(storage, config.storageDir);
  console.log(
    keysDeleted > 0
      ? `Erased ${email}: key deleted, ${sessions} session(s) ended, ${files} file(s) deleted, read models rebuilt.`
      : `Nothing stored for ${email}; nothing to erase.`,
  );
} finally {
  storage.close();
}
