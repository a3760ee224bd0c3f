import type { ReadModelChange } from './model.ts';
import { bool, type ReadModel } from './model.ts';

/** Accounts, and their open email confirmations (of their address or of a new one) and password resets. */
export const users: ReadModel = {
  name: 'users',
  version: 1,
  project(event) {
    const time = event.metadata.time;
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        return [
          {
            op: 'insert',
            table: 'users',
            row: { id: d.userId, email: d.email, firstName: d.firstName, lastName: d.lastName, passwordHash: d.passwordHash, isAdmin: bool(d.isAdmin), emailVerified: 0, createdAt: time, updatedAt: time },
          },
        ];
      }
      case 'UserPasswordChanged':
      case 'PasswordResetCompleted':
        return [
          { op: 'update', table: 'users', id: event.data.userId, set: { passwordHash: event.data.passwordHash, updatedAt: time } },
          ...event.data.closedResetIds.map((id): ReadModelChange => ({ op: 'update', table: 'password_resets', id, set: { used: 1 } })),
        ];
      case 'UserPromotedToAdmin':
        return [{ op: 'update', table: 'users', id: event.data.userId, set: { isAdmin: 1, updatedAt: time } }];
      case 'UserRenamed':
        return [{ op: 'update', table: 'users', id: event.data.userId, set: { firstName: event.data.firstName, lastName: event.data.lastName, updatedAt: time } }];
      case 'EmailVerificationRequested': {
        const d = event.data;
        return [{ op: 'insert', table: 'email_verifications', row: { id: d.verificationId, userId: d.userId, tokenHash: d.tokenHash, expiresAt: d.expiresAt, used: 0, createdAt: time } }];
      }
      case 'EmailVerified':
        return [
          { op: 'update', table: 'users', id: event.data.userId, set: { emailVerified: 1, updatedAt: time } },
          ...event.data.closedVerificationIds.map((id): ReadModelChange => ({ op: 'update', table: 'email_verifications', id, set: { used: 1 } })),
        ];
      case 'EmailChangeRequested': {
        const d = event.data;
        return [
          ...d.supersededIds.map((id): ReadModelChange => ({ op: 'update', table: 'email_verifications', id, set: { used: 1 } })),
          { op: 'insert', table: 'email_verifications', row: { id: d.verificationId, userId: d.userId, tokenHash: d.tokenHash, expiresAt: d.expiresAt, used: 0, createdAt: time } },
        ];
      }
      case 'UserEmailChanged': {
        const { email, firstName, lastName, passwordHash } = event.data;
        return [
          { op: 'update', table: 'users', id: event.data.userId, set: { email, firstName, lastName, passwordHash, emailVerified: 1, updatedAt: time } },
          ...event.data.closedVerificationIds.map((id): ReadModelChange => ({ op: 'update', table: 'email_verifications', id, set: { used: 1 } })),
        ];
      }
      case 'PasswordResetRequested': {
        const d = event.data;
        return [{ op: 'insert', table: 'password_resets', row: { id: d.resetId, userId: d.userId, tokenHash: d.tokenHash, expiresAt: d.expiresAt, used: 0, createdAt: time } }];
      }
      default:
        return [];
    }
  },
};
