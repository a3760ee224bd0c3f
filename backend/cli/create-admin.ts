import { parseArgs } from 'node:util';
import { openToolStorage } from '../storage.ts';
import { createAdmin } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';

// `npm run create-admin -- --email you@example.com --password '…' [--first-name A --last-name B]`
// The password may also come from ADMIN_PASSWORD, which keeps it out of the shell history.
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
const email = values.email ?? process.env['ADMIN_EMAIL'];
const password = values.password ?? process.env['ADMIN_PASSWORD'];
if (!email || !password) {
  console.error('Usage: npm run create-admin -- --email you@example.com --password "a long passphrase"');
  process.exit(2);
}
const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
const storage = openToolStorage(config);
try {
  const { created } = await createAdmin(storage, {
    email,
    password,
    ...(values['first-name'] ? { firstName: values['first-name'] } : {}),
    ...(values['last-name'] ? { lastName: values['last-name'] } : {}),
  });
  console.log(created ? `Admin ${email} created.` : `${email} now has admin rights and the new password.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  storage.close();
}
