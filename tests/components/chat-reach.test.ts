import { describe, expect, it } from 'vitest';
import { customerReadsChat } from '../../pwa/components/admin/chat/reach.ts';

const ADMIN = 'admin-account-id';

describe('who reads a job’s chat (customerReadsChat)', () => {
  it('is the customer when the job has their email address or was booked from their account', () => {
    expect(customerReadsChat({ email: 'ann@example.com', userId: null }, ADMIN)).toBe(true);
    expect(customerReadsChat({ email: 'ann@example.com', userId: ADMIN }, ADMIN)).toBe(true);
    expect(customerReadsChat({ email: null, userId: 'customer-account-id' }, ADMIN)).toBe(true);
  });

  it('is nobody for a job taken on the phone with no email address, added by the admin or by no account', () => {
    expect(customerReadsChat({ email: null, userId: ADMIN }, ADMIN)).toBe(false);
    expect(customerReadsChat({ email: null, userId: null }, ADMIN)).toBe(false);
    expect(customerReadsChat({ email: '', userId: null }, ADMIN)).toBe(false);
  });

  it('is nobody once the customer’s details were erased', () => {
    expect(customerReadsChat({ email: '[erased]', userId: null }, ADMIN)).toBe(false);
    expect(customerReadsChat({ email: '[erased]', userId: 'deleted-account-id' }, ADMIN)).toBe(false);
  });
});
