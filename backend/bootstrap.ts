import { NewPasswordSchema } from '#domain/schemas/auth.ts';
import { requiredEmail } from '#domain/schemas/fields.ts';
import type { ServerStorage } from './storage.ts';
import { createOrPromoteAdmin } from './commands/users.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';

/**
 * Creates (or promotes) the admin account. Used by `npm run create-admin` and, when no admin exists yet,
 * by the server start with ADMIN_EMAIL + ADMIN_PASSWORD. The password must pass the same rules as anyone's.
 */
export async function createAdmin(
  storage: ServerStorage,
  input: { email: string; password: string; firstName?: string; lastName?: string },
  now: Date = new Date(),
): Promise<{ userId: string; created: boolean }> {
  const email = requiredEmail().parse(input.email);
  const checked = NewPasswordSchema.safeParse(input.password);
  if (!checked.success) throw new Error(`The admin password is not acceptable: ${checked.error.issues[0]?.message}`);
  if (await isCommonPassword(input.password)) throw new Error('The admin password is not acceptable: it is one of the most common passwords; please choose another');
  const passwordHash = await hashPassword(input.password);
  const { result } = await storage.bus.execute({ commandId: null, actor: null, role: 'system', now }, (uow) =>
    createOrPromoteAdmin(uow, { email, firstName: input.firstName ?? 'Admin', lastName: input.lastName ?? 'User', passwordHash }, null),
  );
  return result;
}
