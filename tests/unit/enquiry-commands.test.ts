import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContact, submitSupportRequest } from '#backend/commands/enquiries.ts';
import { tempStorage } from './store.ts';

/** Run without the deployment's settings (a command-line tool, a data-level test), an enquiry mails no business: only its writer's receipt. */
describe('enquiries without a business address', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  const ctx = () => ({ commandId: null, actor: null, role: 'anonymous' as const, now: new Date() });
  const queued = () => t.storage.db.prepare('SELECT kind, to_addr FROM mail_outbox ORDER BY id').all();

  it('records a contact and a support request and queues no mail to a business, only the receipts', async () => {
    await t.storage.bus.execute(ctx(), (uow) =>
      createContact(uow, { firstName: 'Connie', lastName: null, email: 'connie@example.com', phone: null, service: null, details: 'Hello' }, null),
    );
    await t.storage.bus.execute(ctx(), (uow) =>
      submitSupportRequest(uow, { name: 'Sally', email: 'sally@example.com', phone: '01632 960200', issueType: 'login', description: 'Help', bookingReference: null }, null),
    );

    // The support request is among the contacts too (where the admin portal shows it).
    expect(t.storage.db.prepare('SELECT source FROM contacts ORDER BY source').pluck().all()).toEqual(['form', 'support']);
    expect(t.storage.db.prepare('SELECT COUNT(*) FROM support_requests').pluck().get()).toBe(1);
    expect(queued()).toEqual([
      { kind: 'enquiry-received', to_addr: 'connie@example.com' },
      { kind: 'enquiry-received', to_addr: 'sally@example.com' },
    ]);
  });
});
