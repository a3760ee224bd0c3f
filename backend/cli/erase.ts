import { parseArgs } from 'node:util';
import { requiredEmail } from '#domain/schemas/fields.ts';
import { openToolStorage } from '../storage.ts';
import { loadConfig } from '../config.ts';
import { erasePerson } from '../commands/people.ts';

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
  const { erased, sessionsEnded, filesDeleted } = await erasePerson(storage, config.storageDir, email);
  console.log(
    erased
      ? `Erased ${email}: key deleted, ${sessionsEnded} session(s) ended, ${filesDeleted} file(s) deleted, read models rebuilt.`
      : `Nothing stored for ${email}; nothing to erase.`,
  );
} finally {
  storage.close();
}
