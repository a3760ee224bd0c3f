import { ConflictError, NotFoundError, assertNever } from '../errors.ts';
import type { UserPasswordChanged, UserPromotedToAdmin, UserRegistered } from '../events.ts';
import type { Decider } from './decider.ts';

export type UserEvent = UserRegistered | UserPasswordChanged | UserPromotedToAdmin;
export type UserState = { status: 'none' } | { status: 'active'; userId: string; email: string; isAdmin: boolean };

export type RegisterUser = { type: 'RegisterUser'; data: UserRegistered['data'] };
export type ChangePassword = { type: 'ChangePassword'; data: { passwordHash: string } };
export type PromoteToAdmin = { type: 'PromoteToAdmin' };
export type UserCommand = RegisterUser | ChangePassword | PromoteToAdmin;

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'active', userId: event.data.userId, email: event.data.email, isAdmin: event.data.isAdmin };
    case 'UserPasswordChanged':
      return state;
    case 'UserPromotedToAdmin':
      return state.status === 'active' ? { ...state, isAdmin: true } : state;
    default:
      return assertNever(event);
  }
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.status !== 'none') throw new ConflictError('user_exists', 'An account with this email already exists');
    return [{ type: 'UserRegistered', data: command.data }];
  }
  if (state.status === 'none') throw new NotFoundError('user');
  switch (command.type) {
    case 'ChangePassword':
      return [{ type: 'UserPasswordChanged', data: { userId: state.userId, passwordHash: command.data.passwordHash } }];
    case 'PromoteToAdmin':
      return state.isAdmin ? [] : [{ type: 'UserPromotedToAdmin', data: { userId: state.userId } }];
    default:
      return assertNever(command);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
