import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Cookie-signing keys, generated on first start into the runtime directory (mode 0600) so no secret
 * ever lives in the repository. Set SESSION_SECRET to supply your own.
 */
export function loadSecrets(storageDir: string, env: NodeJS.ProcessEnv = process.env): { keys: string[] } {
  if (env['SESSION_SECRET']) return { keys: [env['SESSION_SECRET']] };
  const file = join(storageDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { keys: string[] };
  mkdirSync(storageDir, { recursive: true });
  const secrets = { keys: [randomBytes(32).toString('base64url')] };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}
