import { describe, it } from 'vitest';
import { INVALID_RESET, INVALID_VERIFICATION, SAME_ADDRESS, userDecider } from '#domain/deciders/user.ts';
import type {
  EmailChangeRequested,
  EmailVerificationRequested,
  EmailVerified,
  PasswordResetCompleted,
  PasswordResetRequested,
  UserEmailChanged,
  UserPasswordChanged,
  UserRegistered,
} from '#domain/events.ts';
import { spec } from '../support/decider-spec.ts';

const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Smith', passwordHash: 'h', isAdmin: false },
};
const resetRequested = (resetId: string, expiresAt: string): PasswordResetRequested => ({
  type: 'PasswordResetRequested',
  data: { userId: 'u1', resetId, tokenHash: `hash-${resetId}`, expiresAt },
});
const verificationRequested = (verificationId: string, expiresAt: string): EmailVerificationRequested => ({
  type: 'EmailVerificationRequested',
  data: { userId: 'u1', verificationId, tokenHash: `hash-${verificationId}`, expiresAt },
});
const user = spec(userDecider);
const now = '2026-11-22T10:30:00.000Z';

describe('user decider', () => {
  it('registers once', () => {
    user.given([]).when({ type: 'RegisterUser', data: registered.data }).thenEvents([registered]);
    user
      .given([registered])
      .when({ type: 'RegisterUser', data: registered.data })
      .thenThrows('user_exists', { message: 'An account with this email already exists' });
  });

  it('promotes to admin once', () => {
    user
      .given([registered])
      .when({ type: 'PromoteToAdmin' })
      .thenEvents([{ type: 'UserPromotedToAdmin', data: { userId: 'u1' } }]);
    user
      .given([registered, { type: 'UserPromotedToAdmin', data: { userId: 'u1' } }])
      .when({ type: 'PromoteToAdmin' })
      .thenEvents([]);
  });

  it('renames the account, and not again to the name it has', () => {
    const renamed = { type: 'UserRenamed', data: { userId: 'u1', firstName: 'Anne', lastName: 'Smythe' } } as const;
    user.given([registered]).when({ type: 'RenameUser', data: { firstName: 'Anne', lastName: 'Smythe' } }).thenEvents([renamed]);
    user.given([registered, renamed]).when({ type: 'RenameUser', data: { firstName: 'Anne', lastName: 'Smythe' } }).thenEvents([]);
    user.given([registered, renamed]).when({ type: 'RenameUser', data: { firstName: 'Ann', lastName: 'Smith' } }).thenEvents([
      { type: 'UserRenamed', data: { userId: 'u1', firstName: 'Ann', lastName: 'Smith' } },
    ]);
    user.given([]).when({ type: 'RenameUser', data: { firstName: 'Anne', lastName: 'Smythe' } }).thenThrows('user_not_found');
  });

  it('changes the password of an existing account only', () => {
    user
      .given([registered])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h2' } })
      .thenEvents([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h2', closedResetIds: [] } }]);
    user
      .given([registered, resetRequested('r1', '2026-11-22T11:00:00.000Z')])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h3' } })
      .thenEvents([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h3', closedResetIds: ['r1'] } }]);
    user
      .given([])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h2' } })
      .thenThrows('user_not_found');
  });
});

describe('user decider: password resets', () => {
  it('opens a reset link for the account', () => {
    user
      .given([registered])
      .when({ type: 'RequestPasswordReset', data: { resetId: 'r1', tokenHash: 'hash-r1', expiresAt: '2026-11-22T11:00:00.000Z' } })
      .thenEvents([resetRequested('r1', '2026-11-22T11:00:00.000Z')]);
  });

  it('keeps the newest five reset links working: an older one asked for before them no longer does', () => {
    const asked = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].map((id) => resetRequested(id, '2026-11-22T11:00:00.000Z'));
    const complete = (id: string) => ({ type: 'CompletePasswordReset' as const, data: { tokenHash: `hash-${id}`, passwordHash: 'new', now } });
    user.given([registered, ...asked]).when(complete('r1')).thenThrows('reset_token_invalid', { message: INVALID_RESET });
    user
      .given([registered, ...asked])
      .when(complete('r2'))
      .thenEvents([{ type: 'PasswordResetCompleted', data: { userId: 'u1', resetId: 'r2', passwordHash: 'new', closedResetIds: ['r2', 'r3', 'r4', 'r5', 'r6'] } }]);
  });

  it('completes with a live token and closes every open link of the account', () => {
    user
      .given([registered, resetRequested('r1', '2026-11-22T11:00:00.000Z'), resetRequested('r2', '2026-11-22T11:10:00.000Z')])
      .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash-r2', passwordHash: 'new', now } })
      .thenEvents([{ type: 'PasswordResetCompleted', data: { userId: 'u1', resetId: 'r2', passwordHash: 'new', closedResetIds: ['r1', 'r2'] } }]);
  });

  it('refuses an expired, used or unknown token', () => {
    user
      .given([registered, resetRequested('r1', '2026-11-22T10:00:00.000Z')])
      .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash-r1', passwordHash: 'x', now } })
      .thenThrows('reset_token_invalid', { message: INVALID_RESET });
    user
      .given([
        registered,
        resetRequested('r1', '2026-11-22T11:00:00.000Z'),
        { type: 'PasswordResetCompleted', data: { userId: 'u1', resetId: 'r1', passwordHash: 'n', closedResetIds: ['r1'] } },
      ])
      .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash-r1', passwordHash: 'x', now } })
      .thenThrows('reset_token_invalid');
    user
      .given([registered])
      .when({ type: 'CompletePasswordReset', data: { tokenHash: 'guess', passwordHash: 'x', now } })
      .thenThrows('reset_token_invalid');
  });

  it('refuses a link at the very moment it expires', () => {
    user
      .given([registered, resetRequested('r1', now)])
      .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash-r1', passwordHash: 'x', now } })
      .thenThrows('reset_token_invalid');
  });

  it('closes every open link when the password is changed, also when the stream is replayed later', () => {
    const changed: UserPasswordChanged = { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h2', closedResetIds: ['r1'] } };
    const history = [registered, resetRequested('r1', '2026-11-22T11:00:00.000Z'), changed];
    user
      .given(history)
      .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash-r1', passwordHash: 'x', now } })
      .thenThrows('reset_token_invalid');
    user
      .given(history)
      .when({ type: 'ChangePassword', data: { passwordHash: 'h3' } })
      .thenEvents([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h3', closedResetIds: [] } }]);
  });

  it('leaves no link open after a completed reset', () => {
    const completed: PasswordResetCompleted = {
      type: 'PasswordResetCompleted',
      data: { userId: 'u1', resetId: 'r1', passwordHash: 'n', closedResetIds: ['r1'] },
    };
    user
      .given([registered, resetRequested('r1', '2026-11-22T11:00:00.000Z'), completed])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h3' } })
      .thenEvents([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h3', closedResetIds: [] } }]);
  });
});

describe('user decider: email verification', () => {
  const verified: EmailVerified = { type: 'EmailVerified', data: { userId: 'u1', closedVerificationIds: [] } };

  it('asks a new account to prove its address', () => {
    user
      .given([registered])
      .when({ type: 'RequestEmailVerification', data: { verificationId: 'v1', tokenHash: 'hash-v1', expiresAt: '2026-11-23T10:00:00.000Z' } })
      .thenEvents([verificationRequested('v1', '2026-11-23T10:00:00.000Z')]);
  });

  it('asks nothing of an address already proved', () => {
    user
      .given([registered, verified])
      .when({ type: 'RequestEmailVerification', data: { verificationId: 'v2', tokenHash: 'hash-v2', expiresAt: '2026-11-23T10:00:00.000Z' } })
      .thenEvents([]);
  });

  it('verifies with the live link of the ones sent, and closes them all', () => {
    user
      .given([registered, verificationRequested('v1', '2026-11-22T10:00:00.000Z'), verificationRequested('v2', '2026-11-23T10:00:00.000Z')])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-v2', now } })
      .thenEvents([{ type: 'EmailVerified', data: { userId: 'u1', closedVerificationIds: ['v1', 'v2'] } }]);
  });

  it('refuses an expired or unknown link', () => {
    const sent = [registered, verificationRequested('v1', '2026-11-22T10:00:00.000Z'), verificationRequested('v2', now)];
    user
      .given(sent)
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-v1', now } })
      .thenThrows('verification_token_invalid', { message: INVALID_VERIFICATION });
    user
      .given(sent)
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-v2', now } })
      .thenThrows('verification_token_invalid');
    user
      .given(sent)
      .when({ type: 'VerifyEmail', data: { tokenHash: 'guess', now } })
      .thenThrows('verification_token_invalid');
  });

  it('verifies without a link on other proof (a completed reset, the admin bootstrap)', () => {
    user
      .given([registered])
      .when({ type: 'VerifyEmail', data: { now } })
      .thenEvents([{ type: 'EmailVerified', data: { userId: 'u1', closedVerificationIds: [] } }]);
  });

  it('takes a link opened twice as done', () => {
    user
      .given([registered, verificationRequested('v1', '2026-11-23T10:00:00.000Z'), verified])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-v1', now } })
      .thenEvents([]);
  });
});

describe('user decider: moving to another address', () => {
  const later = '2026-11-29T10:00:00.000Z';
  const changeRequested = (verificationId: string, newEmail: string, expiresAt = later, supersededIds: string[] = []): EmailChangeRequested => ({
    type: 'EmailChangeRequested',
    data: { userId: 'u1', verificationId, newEmail, tokenHash: `hash-${verificationId}`, expiresAt, supersededIds },
  });
  const movedTo = (email: string, closedVerificationIds: string[], who = { firstName: 'Ann', lastName: 'Smith', passwordHash: 'h' }): UserEmailChanged => ({
    type: 'UserEmailChanged',
    data: { userId: 'u1', email, previousEmail: 'ann@example.com', ...who, closedVerificationIds },
  });
  const ask = (verificationId: string, newEmail: string) =>
    ({ type: 'RequestEmailChange', data: { verificationId, newEmail, tokenHash: `hash-${verificationId}`, expiresAt: later } }) as const;

  it('sends a link to the new address, and only the newest link of several works', () => {
    user.given([registered]).when(ask('c1', 'ann@new.example')).thenEvents([changeRequested('c1', 'ann@new.example')]);
    user
      .given([registered, verificationRequested('v1', later), changeRequested('c1', 'an@typo.example')])
      .when(ask('c2', 'ann@new.example'))
      .thenEvents([changeRequested('c2', 'ann@new.example', later, ['c1'])]);
    user
      .given([registered, changeRequested('c1', 'an@typo.example'), changeRequested('c2', 'ann@new.example', later, ['c1'])])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now } })
      .thenThrows('verification_token_invalid');
  });

  it('refuses a move to the address the account has', () => {
    user.given([registered]).when(ask('c1', 'ann@example.com')).thenThrows('email_unchanged', { message: SAME_ADDRESS });
  });

  it('moves the account when the link is opened, proving the new address and closing every open link', () => {
    user
      .given([registered, verificationRequested('v1', later), changeRequested('c1', 'ann@new.example')])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now } })
      .thenEvents([movedTo('ann@new.example', ['v1', 'c1'])]);
  });

  it('takes along the records left under the old address only when the account had proved it', () => {
    const underOldAddress = { bookingIds: ['b1'], quoteIds: ['q1', 'q2'] };
    const verified: EmailVerified = { type: 'EmailVerified', data: { userId: 'u1', closedVerificationIds: [] } };
    user
      .given([registered, verified, changeRequested('c1', 'ann@new.example')])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now, underOldAddress } })
      .thenEvents([{ ...movedTo('ann@new.example', ['c1']), data: { ...movedTo('ann@new.example', ['c1']).data, claimed: underOldAddress } }]);
    // Proved with nothing left under it: the event still says the old address was the account's.
    user
      .given([registered, verified, changeRequested('c1', 'ann@new.example')])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now } })
      .thenEvents([{ ...movedTo('ann@new.example', ['c1']), data: { ...movedTo('ann@new.example', ['c1']).data, claimed: { bookingIds: [], quoteIds: [] } } }]);
    // Never proved: what was sent under it may be a stranger's.
    user
      .given([registered, changeRequested('c1', 'ann@new.example')])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now, underOldAddress } })
      .thenEvents([movedTo('ann@new.example', ['c1'])]);
  });

  it("carries the account's name and password as they are now, to be sealed under the new address's key", () => {
    user
      .given([
        registered,
        { type: 'UserRenamed', data: { userId: 'u1', firstName: 'Anne', lastName: 'Smythe' } },
        { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h2', closedResetIds: [] } },
        changeRequested('c1', 'ann@new.example'),
      ])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now } })
      .thenEvents([movedTo('ann@new.example', ['c1'], { firstName: 'Anne', lastName: 'Smythe', passwordHash: 'h2' })]);
  });

  it('refuses an expired change link, and takes one opened again after the move as done', () => {
    user
      .given([registered, changeRequested('c1', 'ann@new.example', '2026-11-22T10:00:00.000Z')])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now } })
      .thenThrows('verification_token_invalid', { message: INVALID_VERIFICATION });
    const moved = movedTo('ann@new.example', ['c1']);
    user.given([registered, changeRequested('c1', 'ann@new.example'), moved]).when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now } }).thenEvents([]);
    // Moved back: the first address is the account's again.
    user.given([registered, changeRequested('c1', 'ann@new.example'), moved]).when(ask('c2', 'ann@example.com')).thenEvents([changeRequested('c2', 'ann@example.com')]);
  });

  it('closes a change link with a new password, changed or reset: who asked for the move may be who it shuts out', () => {
    const asked = [registered, changeRequested('c1', 'attacker@evil.example')];
    const changed: UserPasswordChanged = { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h2', closedResetIds: [] } };
    const reset: PasswordResetCompleted = { type: 'PasswordResetCompleted', data: { userId: 'u1', resetId: 'r1', passwordHash: 'h2', closedResetIds: ['r1'] } };
    // A reset proves the address too: the closed link is refused, not taken as a confirmation.
    const proved: EmailVerified = { type: 'EmailVerified', data: { userId: 'u1', closedVerificationIds: [] } };
    for (const newPassword of [[changed], [resetRequested('r1', later), reset, proved]]) {
      user
        .given([...asked, ...newPassword])
        .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now } })
        .thenThrows('verification_token_invalid', { message: INVALID_VERIFICATION });
    }
    // A move asked for after the new password is the owner's own, and works.
    user
      .given([...asked, changed, changeRequested('c2', 'ann@new.example')])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c2', now } })
      .thenEvents([movedTo('ann@new.example', ['c2'], { firstName: 'Ann', lastName: 'Smith', passwordHash: 'h2' })]);
  });

  it('keeps a change link open when the address in use is proved meanwhile', () => {
    const pending = [registered, verificationRequested('v1', later), changeRequested('c1', 'ann@new.example')];
    user
      .given(pending)
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-v1', now } })
      .thenEvents([{ type: 'EmailVerified', data: { userId: 'u1', closedVerificationIds: ['v1'] } }]);
    user
      .given([...pending, { type: 'EmailVerified', data: { userId: 'u1', closedVerificationIds: ['v1'] } }])
      .when({ type: 'VerifyEmail', data: { tokenHash: 'hash-c1', now } })
      .thenEvents([{ ...movedTo('ann@new.example', ['c1']), data: { ...movedTo('ann@new.example', ['c1']).data, claimed: { bookingIds: [], quoteIds: [] } } }]);
  });
});
