import { describe, expect, it } from 'vitest';
import { can, owns, provenEmail, type Action, type PolicyActor } from '#domain/policy.ts';

const admin: PolicyActor = { id: 'admin-1', isAdmin: true, email: 'boss@example.com', emailVerified: true };
const ann: PolicyActor = { id: 'ann-1', isAdmin: false, email: 'ann@example.com', emailVerified: true };
const unproven: PolicyActor = { id: 'new-1', isAdmin: false, email: 'ann@example.com', emailVerified: false };

const annsByAddress = { email: 'ann@example.com', userId: null };
const annsByAccount = { email: 'other@example.com', userId: 'ann-1' };
const someoneElses = { email: 'bob@example.com', userId: 'bob-1' };

describe('owns', () => {
  it("is the account's own record, or one under its address once the address is proven", () => {
    expect(owns(ann!, annsByAddress)).toBe(true);
    expect(owns(ann!, annsByAccount)).toBe(true);
    expect(owns(ann!, someoneElses)).toBe(false);
    expect(owns(unproven!, annsByAddress)).toBe(false);
    expect(owns(unproven!, { email: null, userId: 'new-1' })).toBe(true);
    expect(owns(ann!, { email: null, userId: null })).toBe(false);
  });
});

describe('can', () => {
  const adminOnly: Action[] = [
    'bookings.list',
    'booking.change',
    'booking.history',
    'quotes.list',
    'quote.manage',
    'contacts.list',
    'messages.list',
    'support.list',
    'calendar.manage',
    'person.erase',
  ];

  it.each(adminOnly)('lets only the admin %s', (action) => {
    const ask = can as (actor: PolicyActor, action: Action) => boolean;
    expect([ask(admin, action), ask(ann, action), ask(unproven, action), ask(null, action)]).toEqual([true, false, false, false]);
  });

  it.each(['booking.with-dates', 'upload', 'sync', 'quotes.mine', 'account.export', 'account.password', 'account.name', 'account.email'] as const)('lets anyone signed in %s, and no visitor', (action) => {
    expect([can(admin, action), can(ann, action), can(unproven, action), can(null, action)]).toEqual([true, true, true, false]);
  });

  it("lets a booking's owner and the admin read it and post in its chat, nobody else", () => {
    for (const action of ['booking.read', 'message.post'] as const) {
      expect([can(ann, action, annsByAddress), can(ann, action, annsByAccount), can(admin, action, someoneElses)]).toEqual([true, true, true]);
      expect([can(ann, action, someoneElses), can(unproven, action, annsByAddress), can(null, action, annsByAddress)]).toEqual([false, false, false]);
    }
  });

  it('lets a customer erase their own account, never the admin (the business would lose its way in)', () => {
    expect([can(ann, 'account.erase'), can(unproven, 'account.erase'), can(admin, 'account.erase'), can(null, 'account.erase')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it.each(['quote.answer', 'booking.cancel', 'booking.reschedule'] as const)("lets only the record's customer %s: not the admin, not another customer", (action) => {
    expect(can(ann, action, annsByAddress)).toBe(true);
    expect(can(admin, action, { email: 'boss@example.com', userId: 'admin-1' })).toBe(false);
    expect(can(ann, action, someoneElses)).toBe(false);
  });

  it("lets a customer list their own account's address only; the admin any", () => {
    expect(can(ann, 'bookings.of-email', { email: 'ann@example.com' })).toBe(true);
    expect(can(unproven, 'bookings.of-email', { email: 'ann@example.com' })).toBe(true);
    expect(can(ann, 'bookings.of-email', { email: 'bob@example.com' })).toBe(false);
    expect(can(admin, 'bookings.of-email', { email: 'bob@example.com' })).toBe(true);
  });

  it('lets a file be read by its uploader, by whoever may see a record that lists it, and by the admin', () => {
    expect(can(ann, 'file.read', { uploaderId: 'ann-1', listedForActor: false })).toBe(true);
    expect(can(ann, 'file.read', { uploaderId: 'bob-1', listedForActor: true })).toBe(true);
    expect(can(ann, 'file.read', { uploaderId: 'bob-1', listedForActor: false })).toBe(false);
    expect(can(admin, 'file.read', { uploaderId: 'bob-1', listedForActor: false })).toBe(true);
    expect(can(null, 'file.read', { uploaderId: 'bob-1', listedForActor: true })).toBe(false);
  });
});

describe('provenEmail', () => {
  it('is the address once proven, else null', () => {
    expect(provenEmail(ann!)).toBe('ann@example.com');
    expect(provenEmail(unproven!)).toBeNull();
  });
});
