import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERASED } from '#domain/limits.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import type { CommandContext } from '#data/command-bus.ts';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { tempStorage } from './store.ts';

const at = (iso: string): CommandContext => ({ commandId: randomUUID(), fingerprint: 'f', actor: null, role: 'anonymous', now: new Date(iso) });
const quote = (firstName: string, email: string) => CreateBookingSchema.parse({ firstName, email, serviceType: 'rewiring' });

describe('7-year retention', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  it('erases people untouched for 7 years and keeps the rest, with their records', async () => {
    await t.storage.bus.execute(at('2018-03-01T10:00:00Z'), (uow) => requestBookingOrQuote(uow, quote('Old', 'old@example.com'), null));
    await t.storage.bus.execute(at('2018-03-01T10:00:00Z'), (uow) => requestBookingOrQuote(uow, quote('Returning', 'back@example.com'), null));
    await t.storage.bus.execute(at('2024-06-01T10:00:00Z'), (uow) => requestBookingOrQuote(uow, quote('Returning', 'back@example.com'), null));
    await t.storage.bus.execute(at('2025-01-01T10:00:00Z'), (uow) => requestBookingOrQuote(uow, quote('Recent', 'new@example.com'), null));

    // 2025-03-02 is 7 years and a day after the first contact.
    expect(await t.storage.expire(new Date('2025-03-02T10:00:00Z'))).toEqual({ erased: 1 });

    const names = t.storage.queries.quotes().map((q) => q.firstName).sort();
    expect(names).toEqual([ERASED, 'Recent', 'Returning', 'Returning'].sort());
    expect(t.storage.queries.quotes()).toHaveLength(4);
    // A second sweep the same day finds nobody new.
    expect(await t.storage.expire(new Date('2025-03-02T10:00:00Z'))).toEqual({ erased: 0 });
    // The returning customer's clock started again with their 2024 request.
    expect(await t.storage.expire(new Date('2031-06-02T10:00:00Z'))).toEqual({ erased: 1 });
    expect(t.storage.queries.quotes().filter((q) => q.firstName === 'Returning')).toHaveLength(0);
  });
});
