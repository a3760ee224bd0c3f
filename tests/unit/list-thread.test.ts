import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { openStorage, type Storage } from '#data/storage.ts';
import type { User } from '#data/queries.ts';
import { faultOf } from '#backend/faults.ts';
import { LONG_LIST_BYTES, ListThread, ListThreadGoneError } from '#backend/http/list-thread.ts';
import { answerHash, READ_MODEL_VERSION_SQL, versionOf } from '#backend/http/lists.ts';
import { bookingRequested } from './fixtures.ts';

const CALENDAR = { publicUrl: 'https://sparkright.example', businessEmail: 'office@sparkright.example' };
const ADMIN: User = {
  id: randomUUID(),
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  passwordHash: 'unused',
  isAdmin: true,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The thread that builds long lists and the calendar feed on a read-only connection of its own (backend/http/list-thread.ts). */
describe('the list thread', () => {
  const dirs: string[] = [];
  const opened: Array<Storage | ListThread> = [];
  const open = (): { storage: Storage; lists: ListThread } => {
    const dir = mkdtempSync(join(tmpdir(), 'spark-list-thread-'));
    dirs.push(dir);
    const file = join(dir, 'app.db');
    const storage = openStorage(file);
    const lists = new ListThread(file, CALENDAR);
    opened.push(lists, storage);
    return { storage, lists };
  };
  afterEach(async () => {
    for (const o of opened.splice(0)) {
      if (o instanceof ListThread) await o.close();
      else if (o.db.open) o.close();
    }
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  const book = async (storage: Storage, count: number, dated = false): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const data = { ...bookingRequested({ bookingId: id }).data, ...(dated ? { startDate: '2026-12-0' + String(i + 1), finishDate: '2026-12-0' + String(i + 1) } : {}) };
      await storage.bus.execute({ commandId: null, actor: null, role: 'anonymous', now: new Date() }, (uow) =>
        uow.handle(streamId.booking(id), bookingDecider, { type: 'RequestBooking', data }, { expectedVersion: 0, subject: `email:${i}@example.com` }),
      );
    }
  };

  it('builds a list as this thread reads it, at the version it read, with the hash of its bytes', async () => {
    const { storage, lists } = open();
    await book(storage, 5);

    const built = await lists.build('bookings', ADMIN, '/api/bookings');

    expect(JSON.parse(built.json.toString())).toEqual(JSON.parse(JSON.stringify(storage.queries.bookings())));
    expect(built.version).toBe(versionOf(storage.db.prepare(READ_MODEL_VERSION_SQL).raw().get() as [number, string | null]));
    expect(built.hash).toBe(answerHash('/api/bookings', built.json));
    // After a write, the next build reads it.
    await book(storage, 1);
    const next = await lists.build('bookings', ADMIN, '/api/bookings');
    expect(JSON.parse(next.json.toString())).toHaveLength(6);
    expect(next.version).not.toBe(built.version);
  });

  it('renders the calendar feed of the bookings with dates, tagged', async () => {
    const { storage, lists } = open();
    await book(storage, 2, true);

    const feed = await lists.calendarFeed(new Date('2026-11-25T09:00:00Z'));
    const text = feed.body.toString();

    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(storage.queries.bookings().filter((b) => b.startDate)).toHaveLength(2);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('DTSTAMP:20261125T090000Z');
    expect(feed.etag).toBe(`W/"${answerHash('calendar', feed.body)}"`);
  });

  it('takes the lists whose last answer was long, or that have none yet', () => {
    const { lists } = open();
    expect([lists.takes(undefined), lists.takes(LONG_LIST_BYTES), lists.takes(LONG_LIST_BYTES + 1), lists.takes(0)]).toEqual([true, false, true, false]);
  });

  it('once closed, answers every build with ListThreadGoneError, which the API answers 503 (busy)', async () => {
    const { storage, lists } = open();
    await book(storage, 1);
    await lists.build('bookings', ADMIN, '/api/bookings');
    await lists.close();

    const refused = lists.build('bookings', ADMIN, '/api/bookings');
    await expect(refused).rejects.toBeInstanceOf(ListThreadGoneError);
    expect(faultOf(await refused.catch((error: unknown) => error))).toBe('busy');
  });
});
