import { ConflictError, DomainError, NotFoundError, assertNever } from '../errors.ts';
import type {
  EmailChangeRequested,
  EmailVerificationRequested,
  EmailVerified,
  PasswordResetCompleted,
  PasswordResetRequested,
  UserPasswordChanged,
  UserPromotedToAdmin,
  UserRegistered,
  UserEmailChanged,
  UserRenamed,
} from '../events.ts';
import type { Decider } from './decider.ts';

export type UserEvent =
  | UserRegistered
  | UserPasswordChanged
  | UserPromotedToAdmin
  | UserRenamed
  | PasswordResetRequested
  | PasswordResetCompleted
  | EmailVerificationRequested
  | EmailVerified
  | EmailChangeRequested
  | UserEmailChanged;

type OpenReset = { resetId: string; tokenHash: string; expiresAt: string };
/** A link to confirm an address: the account's own, or with `newEmail`, the one it asked to move to. */
type OpenVerification = { verificationId: string; tokenHash: string; expiresAt: string; newEmail?: string };

export type UserState =
  | { status: 'none' }
  | {
      status: 'active';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      /** Carried into a move to another address (UserEmailChanged), sealed again under its key. */
      passwordHash: string;
      isAdmin: boolean;
      openResets: OpenReset[];
      emailVerified: boolean;
      openVerifications: OpenVerification[];
      /** Every link this account was sent to move to another address, open or not: one closed is refused, not "confirmed". */
      changeLinks: Array<{ tokenHash: string; newEmail: string }>;
    };

export type RegisterUser = { type: 'RegisterUser'; data: UserRegistered['data'] };
export type ChangePassword = { type: 'ChangePassword'; data: { passwordHash: string } };
export type PromoteToAdmin = { type: 'PromoteToAdmin' };
/** The owner's new name for the account (already trimmed and checked); the same name again decides nothing. */
export type RenameUser = { type: 'RenameUser'; data: { firstName: string; lastName: string } };
export type RequestPasswordReset = { type: 'RequestPasswordReset'; data: { resetId: string; tokenHash: string; expiresAt: string } };
/** `now` is carried by the command, so the expiry check is deterministic. */
export type CompletePasswordReset = { type: 'CompletePasswordReset'; data: { tokenHash: string; passwordHash: string; now: string } };
export type RequestEmailVerification = {
  type: 'RequestEmailVerification';
  data: { verificationId: string; tokenHash: string; expiresAt: string };
};
/** A move to another address (already lower-cased and checked free), confirmed later by the link sent to it. */
export type RequestEmailChange = { type: 'RequestEmailChange'; data: { verificationId: string; newEmail: string; tokenHash: string; expiresAt: string } };
/**
 * `tokenHash` absent: verified by other proof (a completed reset, the admin bootstrap). A change link's token
 * moves the account to its new address instead (which proves that address); `underOldAddress` then names the
 * bookings and quotes made under the address it leaves without signing in, which come with it if that address was
 * proved (they were the account's).
 */
export type VerifyEmail = { type: 'VerifyEmail'; data: { tokenHash?: string; now: string; underOldAddress?: { bookingIds: string[]; quoteIds: string[] } } };
export type UserCommand =
  | RegisterUser
  | ChangePassword
  | PromoteToAdmin
  | RenameUser
  | RequestPasswordReset
  | CompletePasswordReset
  | RequestEmailVerification
  | RequestEmailChange
  | VerifyEmail;

/** Our text for a verification link that cannot be used. */
export const INVALID_VERIFICATION = 'This verification link is invalid or expired. Sign in and ask for a new one.';

/** Our text for a move to the address the account has already. */
export const SAME_ADDRESS = 'That is the address your account has now.';

/** The seed's text for a reset link that cannot be used (unknown, used or expired). */
export const INVALID_RESET = 'The password reset link is invalid or expired.';

/** How many reset links of an account work at once: the newest. */
export const OPEN_RESETS = 5;
/** How many links to move the account are remembered (to refuse a closed one as such, rather than as "confirmed"). */
const KNOWN_CHANGE_LINKS = 20;

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'active',
        userId: event.data.userId,
        email: event.data.email,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        passwordHash: event.data.passwordHash,
        isAdmin: event.data.isAdmin,
        openResets: [],
        emailVerified: false,
        openVerifications: [],
        changeLinks: [],
      };
    case 'UserPasswordChanged':
      return state.status === 'active' ? newPassword(state, event.data.passwordHash) : state;
    case 'UserPromotedToAdmin':
      return state.status === 'active' ? { ...state, isAdmin: true } : state;
    case 'UserRenamed':
      return state.status === 'active' ? { ...state, firstName: event.data.firstName, lastName: event.data.lastName } : state;
    case 'PasswordResetRequested': {
      if (state.status !== 'active') return state;
      const { resetId, tokenHash, expiresAt } = event.data;
      // The newest few links work: anyone may ask for a reset of any address, and the list, kept whole until the
      // password changed, made each later request and sign-in check replay a longer one (30,000 asked for: 5 s).
      return { ...state, openResets: [...state.openResets.slice(1 - OPEN_RESETS), { resetId, tokenHash, expiresAt }] };
    }
    case 'PasswordResetCompleted':
      return state.status === 'active' ? newPassword(state, event.data.passwordHash) : state;
    case 'EmailVerificationRequested': {
      if (state.status !== 'active') return state;
      const { verificationId, tokenHash, expiresAt } = event.data;
      return { ...state, openVerifications: [...state.openVerifications, { verificationId, tokenHash, expiresAt }] };
    }
    case 'EmailVerified':
      // A link to move to another address stays open: proving the address in use does not answer it.
      return state.status === 'active' ? { ...state, emailVerified: true, openVerifications: state.openVerifications.filter((v) => v.newEmail !== undefined) } : state;
    case 'EmailChangeRequested': {
      if (state.status !== 'active') return state;
      const { verificationId, tokenHash, expiresAt, newEmail, supersededIds } = event.data;
      const kept = state.openVerifications.filter((v) => !supersededIds.includes(v.verificationId));
      return {
        ...state,
        openVerifications: [...kept, { verificationId, tokenHash, expiresAt, newEmail }],
        changeLinks: [...state.changeLinks.slice(1 - KNOWN_CHANGE_LINKS), { tokenHash, newEmail }],
      };
    }
    case 'UserEmailChanged': {
      if (state.status !== 'active') return state;
      const { email, firstName, lastName, passwordHash } = event.data;
      return { ...state, email, firstName, lastName, passwordHash, emailVerified: true, openVerifications: [] };
    }
    default:
      return assertNever(event);
  }
}

/**
 * A new password (changed, or set through a reset) closes the open reset links, and the links to move the account to
 * another address: whoever asked for a move may be who the new password shuts out. Someone who registered another's
 * address first, and asked to move it to their own, kept that link open through the owner's reset, and opening it
 * later took the account, with the records under the owner's address (a password reset then let them in).
 */
function newPassword(state: Extract<UserState, { status: 'active' }>, passwordHash: string): UserState {
  return { ...state, passwordHash, openResets: [], openVerifications: state.openVerifications.filter((v) => v.newEmail === undefined) };
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.status !== 'none') throw new ConflictError('user_exists', 'An account with this email already exists');
    return [{ type: 'UserRegistered', data: command.data }];
  }
  if (state.status === 'none') throw new NotFoundError('user');
  switch (command.type) {
    case 'ChangePassword':
      return [
        {
          type: 'UserPasswordChanged',
          data: { userId: state.userId, passwordHash: command.data.passwordHash, closedResetIds: state.openResets.map((r) => r.resetId) },
        },
      ];
    case 'PromoteToAdmin':
      return state.isAdmin ? [] : [{ type: 'UserPromotedToAdmin', data: { userId: state.userId } }];
    case 'RenameUser': {
      const { firstName, lastName } = command.data;
      if (firstName === state.firstName && lastName === state.lastName) return [];
      return [{ type: 'UserRenamed', data: { userId: state.userId, firstName, lastName } }];
    }
    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: { userId: state.userId, ...command.data } }];
    case 'CompletePasswordReset': {
      const reset = state.openResets.find((r) => r.tokenHash === command.data.tokenHash);
      if (!reset || reset.expiresAt <= command.data.now) throw new DomainError('reset_token_invalid', INVALID_RESET);
      return [
        {
          type: 'PasswordResetCompleted',
          data: {
            userId: state.userId,
            resetId: reset.resetId,
            passwordHash: command.data.passwordHash,
            closedResetIds: state.openResets.map((r) => r.resetId),
          },
        },
      ];
    }
    case 'RequestEmailVerification':
      if (state.emailVerified) return [];
      return [{ type: 'EmailVerificationRequested', data: { userId: state.userId, ...command.data } }];
    case 'RequestEmailChange': {
      const { newEmail, ...link } = command.data;
      if (newEmail === state.email) throw new DomainError('email_unchanged', SAME_ADDRESS);
      // Only the newest change link works: an older one may name an address typed wrong.
      const supersededIds = state.openVerifications.filter((v) => v.newEmail !== undefined).map((v) => v.verificationId);
      return [{ type: 'EmailChangeRequested', data: { userId: state.userId, newEmail, ...link, supersededIds } }];
    }
    case 'VerifyEmail': {
      const { tokenHash, now } = command.data;
      const change = tokenHash === undefined ? undefined : state.openVerifications.find((v) => v.tokenHash === tokenHash && v.newEmail !== undefined);
      if (change?.newEmail !== undefined) {
        if (change.expiresAt <= now) throw new DomainError('verification_token_invalid', INVALID_VERIFICATION);
        const closedVerificationIds = state.openVerifications.map((v) => v.verificationId);
        const { userId, email: previousEmail, firstName, lastName, passwordHash } = state;
        // Records under an address the account never proved were never its own: they stay with that address.
        const claimed = state.emailVerified ? (command.data.underOldAddress ?? { bookingIds: [], quoteIds: [] }) : undefined;
        return [
          { type: 'UserEmailChanged', data: { userId, email: change.newEmail, previousEmail, firstName, lastName, passwordHash, closedVerificationIds, ...(claimed ? { claimed } : {}) } },
        ];
      }
      // A change link closed before it was used (a newer one, a new password) moves nothing, and is not a confirmation
      // either; opened again after its move, it is done.
      const closedChange = tokenHash === undefined ? undefined : state.changeLinks.find((link) => link.tokenHash === tokenHash);
      if (closedChange) {
        if (closedChange.newEmail === state.email) return [];
        throw new DomainError('verification_token_invalid', INVALID_VERIFICATION);
      }
      // Opening the link twice is harmless: an address proved once stays proved.
      if (state.emailVerified) return [];
      if (tokenHash !== undefined) {
        const open = state.openVerifications.find((v) => v.tokenHash === tokenHash);
        if (!open || open.expiresAt <= now) throw new DomainError('verification_token_invalid', INVALID_VERIFICATION);
      }
      const closedVerificationIds = state.openVerifications.filter((v) => v.newEmail === undefined).map((v) => v.verificationId);
      return [{ type: 'EmailVerified', data: { userId: state.userId, closedVerificationIds } }];
    }
    default:
      return assertNever(command);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
