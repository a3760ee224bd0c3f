import { describe, it } from 'vitest';
import { chatDecider } from '#domain/deciders/chat.ts';
import { contactDecider } from '#domain/deciders/contact.ts';
import { quoteDecider } from '#domain/deciders/quote.ts';
import { userDecider } from '#domain/deciders/user.ts';
import type { ContactCreated, MessagePosted, UserRegistered } from '#domain/events.ts';
import { spec } from '../support/decider-spec.ts';
import { quoteId, quoteRequested } from './fixtures.ts';

const quote = spec(quoteDecider);

describe('quote decider', () => {
  it('takes a quote request', () => {
    quote.given([]).when({ type: 'RequestQuote', data: quoteRequested().data }).thenEvents([quoteRequested()]);
  });

  it('revises only the fields given', () => {
    quote
      .given([quoteRequested()])
      .when({ type: 'ReviseQuote', data: { estimatedCost: '450.00', quoteStatus: 'quoted', notes: undefined } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, estimatedCost: '450.00', quoteStatus: 'quoted' } }]);
  });

  it('lets the customer approve only a quoted quote', () => {
    quote.given([quoteRequested()]).when({ type: 'AnswerQuote', data: { answer: 'approved' } }).thenThrows('quote_not_quoted');
    quote
      .given([quoteRequested(), { type: 'QuoteRevised', data: { quoteId, quoteStatus: 'quoted' } }])
      .when({ type: 'AnswerQuote', data: { answer: 'approved' } })
      .thenEvents([{ type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'approved' } }]);
  });

  it('converts once; a second conversion is a conflict', () => {
    const bookingId = 'b-1';
    quote.given([quoteRequested()]).when({ type: 'ConvertQuote', data: { bookingId } }).thenEvents([{ type: 'QuoteConverted', data: { quoteId, bookingId } }]);
    quote
      .given([quoteRequested(), { type: 'QuoteConverted', data: { quoteId, bookingId } }])
      .when({ type: 'ConvertQuote', data: { bookingId: 'b-2' } })
      .thenThrows('quote_already_converted');
  });

  it('treats a deleted quote as gone', () => {
    quote.given([quoteRequested(), { type: 'QuoteDeleted', data: { quoteId } }]).when({ type: 'DeleteQuote' }).thenThrows('quote_not_found');
    quote.given([]).when({ type: 'ReviseQuote', data: { notes: 'x' } }).thenThrows('quote_not_found');
  });
});

describe('contact decider', () => {
  const created: ContactCreated = {
    type: 'ContactCreated',
    data: { contactId: 'c1', firstName: 'Ann', lastName: null, email: 'ann@example.com', phone: null, service: null, details: 'Hello', source: 'form' },
  };
  it('creates a contact once', () => {
    spec(contactDecider).given([]).when({ type: 'CreateContact', data: created.data }).thenEvents([created]);
    spec(contactDecider).given([created]).when({ type: 'CreateContact', data: created.data }).thenThrows('contact_exists');
  });
});

describe('chat decider', () => {
  const posted: MessagePosted = {
    type: 'MessagePosted',
    data: { messageId: 'm1', bookingId: 'b1', senderId: null, senderName: 'Ann', content: 'Hello', attachments: [], isFromAdmin: false },
  };
  it('trims the content', () => {
    spec(chatDecider).given([]).when({ type: 'PostMessage', data: { ...posted.data, content: '  Hello \n' } }).thenEvents([posted]);
  });
  it('refuses an empty or whitespace-only message', () => {
    spec(chatDecider).given([posted]).when({ type: 'PostMessage', data: { ...posted.data, content: ' \t\n' } }).thenThrows('message_empty');
  });
});

describe('user decider: password resets', () => {
  const registered: UserRegistered = {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Smith', passwordHash: 'h', isAdmin: false },
  };
  const requested = (resetId: string, expiresAt: string) =>
    ({ type: 'PasswordResetRequested', data: { userId: 'u1', resetId, tokenHash: `hash-${resetId}`, expiresAt } }) as const;
  const user = spec(userDecider);
  const now = '2026-11-22T10:30:00.000Z';

  it('completes with a live token and closes every open link of the account', () => {
    user
      .given([registered, requested('r1', '2026-11-22T11:00:00.000Z'), requested('r2', '2026-11-22T11:10:00.000Z')])
      .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash-r2', passwordHash: 'new', now } })
      .thenEvents([{ type: 'PasswordResetCompleted', data: { userId: 'u1', resetId: 'r2', passwordHash: 'new', closedResetIds: ['r1', 'r2'] } }]);
  });

  it('refuses an expired, used or unknown token', () => {
    user.given([registered, requested('r1', '2026-11-22T10:00:00.000Z')]).when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash-r1', passwordHash: 'x', now } }).thenThrows('reset_token_invalid');
    user
      .given([registered, requested('r1', '2026-11-22T11:00:00.000Z'), { type: 'PasswordResetCompleted', data: { userId: 'u1', resetId: 'r1', passwordHash: 'n', closedResetIds: ['r1'] } }])
      .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash-r1', passwordHash: 'x', now } })
      .thenThrows('reset_token_invalid');
    user.given([registered]).when({ type: 'CompletePasswordReset', data: { tokenHash: 'guess', passwordHash: 'x', now } }).thenThrows('reset_token_invalid');
  });
});

describe('user decider', () => {
  const registered: UserRegistered = {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Smith', passwordHash: 'h', isAdmin: false },
  };
  const user = spec(userDecider);
  it('registers once', () => {
    user.given([]).when({ type: 'RegisterUser', data: registered.data }).thenEvents([registered]);
    user.given([registered]).when({ type: 'RegisterUser', data: registered.data }).thenThrows('user_exists');
  });
  it('promotes to admin once', () => {
    user.given([registered]).when({ type: 'PromoteToAdmin' }).thenEvents([{ type: 'UserPromotedToAdmin', data: { userId: 'u1' } }]);
    user.given([registered, { type: 'UserPromotedToAdmin', data: { userId: 'u1' } }]).when({ type: 'PromoteToAdmin' }).thenEvents([]);
  });
  it('changes the password of an existing account only', () => {
    user.given([registered]).when({ type: 'ChangePassword', data: { passwordHash: 'h2' } }).thenEvents([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h2', closedResetIds: [] } }]);
    const opened = { type: 'PasswordResetRequested', data: { userId: 'u1', resetId: 'r1', tokenHash: 't', expiresAt: '2026-11-22T11:00:00.000Z' } } as const;
    user
      .given([registered, opened])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h3' } })
      .thenEvents([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h3', closedResetIds: ['r1'] } }]);
    user.given([]).when({ type: 'ChangePassword', data: { passwordHash: 'h2' } }).thenThrows('user_not_found');
  });
});
