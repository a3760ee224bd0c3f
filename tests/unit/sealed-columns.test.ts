import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamId } from '#domain/deciders/decider.ts';
import { personSubject, type DomainEvent, type EventType, type MessagePosted } from '#domain/events.ts';
import { ERASED } from '#domain/limits.ts';
import { project, type ReadModelChange } from '#domain/projections.ts';
import type { CommandContext } from '#data/command-bus.ts';
import { KEPT_SEALED, SEALED_COLUMNS } from '#data/sealed.ts';
import { openStorage } from '#data/storage.ts';
import { syncPage } from '#data/sync.ts';
import { bookingId, bookingRequested, recorded } from './fixtures.ts';
import { tempStorage } from './store.ts';

/** ADR 022: read-model rows that keep their event's sealed blob, opened only when read. */

const ann = personSubject('ann@example.com', streamId.booking(bookingId));
const ctx = (): CommandContext => ({ commandId: randomUUID(), fingerprint: 'f', actor: null, role: 'customer', now: new Date('2026-11-22T10:00:00Z') });

function messagePosted(content: string): MessagePosted {
  return {
    type: 'MessagePosted',
    data: { messageId: randomUUID(), bookingId, senderId: null, senderName: 'Ann Smith', content, attachments: [{ filename: 'f.jpg', originalname: 'f.jpg' }], isFromAdmin: false },
  } as MessagePosted;
}

/** An event of each kept-sealed type: a type added to KEPT_SEALED without one here fails the test below. */
const SAMPLES: Partial<Record<EventType, () => DomainEvent>> = { MessagePosted: () => messagePosted('The side gate is open') };

describe('sealed read-model columns', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  async function append(stream: string, events: DomainEvent[]): Promise<void> {
    await t.storage.bus.execute(ctx(), (uow) => uow.store.append(stream, events, uow.metadata, { expectedVersion: uow.store.streamVersion(stream), subject: ann }));
  }

  async function withChat(...contents: string[]): Promise<void> {
    await append(streamId.booking(bookingId), [bookingRequested()]);
    await append(streamId.chat(bookingId), contents.map(messagePosted));
  }

  it("keeps a message's sender and text out of its row, and answers them opened", async () => {
    await withChat('Please ring the bell twice');
    const rows = t.storage.db.prepare('SELECT * FROM messages').all() as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(Object.keys(row)).not.toContain('content');
    expect(Buffer.from(row['sealed'] as Buffer).toString('latin1')).toContain('senderName,content');
    expect(JSON.stringify(row)).not.toMatch(/ring the bell|Ann Smith/);
    expect(Buffer.from(row['sealed'] as Buffer).toString('latin1')).not.toMatch(/ring the bell|Ann Smith/);
    expect(t.storage.queries.messages(bookingId)).toEqual([
      {
        id: row['id'],
        bookingId,
        senderId: null,
        senderName: 'Ann Smith',
        content: 'Please ring the bell twice',
        attachments: row['attachments'],
        isFromAdmin: false,
        createdAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
  });

  it('keeps the same blob through a rebuild, which deciphers none of it', async () => {
    await withChat('First', 'Second');
    const live = t.storage.db.prepare('SELECT id, sealed FROM messages ORDER BY id').all();
    const replayed = t.storage.store.replayPage(0, 10).filter((e) => e.type === 'MessagePosted');
    expect(replayed.map((e) => Object.keys(e.data as object))).toEqual([expect.arrayContaining(['_sealed']), expect.arrayContaining(['_sealed'])]);
    expect(replayed.map((e) => (e.data as { content?: string }).content)).toEqual([undefined, undefined]);
    await t.storage.rebuild();
    expect(t.storage.db.prepare('SELECT id, sealed FROM messages ORDER BY id').all()).toEqual(live);
    expect(t.storage.queries.messages(bookingId).map((m) => m.content)).toEqual(['First', 'Second']);
  });

  it('reads a message as erased the moment its person is erased elsewhere, before any rebuild', async () => {
    await withChat('My door code is 4321');
    // The server's vault holds the key: it sealed the message, and opened it.
    expect(t.storage.queries.messages(bookingId).map((m) => m.content)).toEqual(['My door code is 4321']);
    // Another process (npm run erase) deletes the key; the server reads at once, well within the vault's 250 ms.
    const other = openStorage(t.file);
    try {
      expect(other.db.transaction(() => other.vault.erase(ann))()).toBe(1);
    } finally {
      other.close();
    }
    const storage = t.storage;
    expect(storage.queries.messages(bookingId)).toEqual([expect.objectContaining({ senderName: ERASED, content: ERASED, isFromAdmin: false })]);
    expect(storage.queries.allMessages().map((m) => m.content)).toEqual([ERASED]);
    const feed = syncPage(storage.db, storage.vault, { admin: true }, 0, 100).changes.filter((c) => c.table === 'messages');
    expect(feed.map((c) => c.record)).toEqual([expect.objectContaining({ senderName: ERASED, content: ERASED })]);
    // The booking's own fields are erased by the rebuild that storage.erase runs (they are not kept sealed).
    expect(storage.queries.booking(bookingId)?.firstName).toBe('Ann');
  });

  it('gives each kept-sealed event the same changes sealed as opened, but for the sealed columns', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...KEPT_SEALED].sort());
    for (const type of KEPT_SEALED) {
      const event = SAMPLES[type]!();
      const sealed = t.storage.db.transaction(() => t.storage.vault.seal(event.type, event.data as Record<string, unknown>, ann))();
      const withoutSealed = (changes: ReadModelChange[]): unknown[] =>
        changes.map((change) => {
          if (change.op !== 'insert' && change.op !== 'upsert') return change;
          const row = { ...change.row };
          for (const column of SEALED_COLUMNS[change.table] ?? []) delete row[column];
          return { ...change, row };
        });
      const opened = project(recorded(event));
      expect(withoutSealed(project(recorded({ ...event, data: sealed } as DomainEvent)))).toEqual(withoutSealed(opened));
      // The personal fields reach no column but the sealed ones.
      const personal = Object.values(event.data).filter((value) => typeof value === 'string' && /side gate|Ann Smith/.test(value));
      expect(personal.length).toBeGreaterThan(0);
      expect(JSON.stringify(withoutSealed(opened))).not.toMatch(/side gate|Ann Smith/);
    }
  });
});
