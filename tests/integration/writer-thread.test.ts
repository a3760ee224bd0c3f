import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { openStorage } from '#data/storage.ts';
import { faultOf } from '#backend/faults.ts';
import type { Logger } from '#backend/logger.ts';
import { WriterThread } from '#backend/writer/thread.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { bookingForm, daysAhead, quoteForm } from './helpers.ts';

describe('commands in the writer thread (the server as main.ts runs it)', () => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    server = await startServer();
    admin = new Client(server.url);
    expect((await admin.loginAdmin()).status).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lets the writer see its own change in the very next read, every time (the cached list moves on at once)', async () => {
    for (let i = 0; i < 25; i++) {
      // The list is cached per read-model version: read it first, so a stale cache would answer the next read.
      expect((await admin.get('/api/bookings')).status).toBe(200);
      const made = await admin.post('/api/bookings', bookingForm(`walk-in-${i}@example.com`, { startDate: daysAhead(100 + i), finishDate: daysAhead(100 + i) }));
      expect(made.status).toBe(201);
      const list = await admin.get('/api/bookings');
      expect((list.data as Array<{ id: string }>).map((b) => b.id)).toContain(made.data.booking.id);
    }
  });

  it('runs a batch of outbox calls in one go, each answered as if it came alone', async () => {
    const visitor = new Client(server.url);
    const calls = Array.from({ length: 8 }, (_, i) => ({
      id: crypto.randomUUID(),
      method: 'POST',
      path: '/api/bookings',
      body: quoteForm({ email: i === 3 ? 'not an email' : `batch-${i}@example.com` }),
    }));
    const res = await visitor.post('/api/batch', { requests: calls });
    expect(res.status).toBe(200);
    const statuses = (res.data.results as Array<{ status: number }>).map((a) => a.status);
    expect(statuses).toEqual([201, 201, 201, 400, 201, 201, 201, 201]);
    // Sent again (the device did not hear back): the same answers, and nothing doubled.
    const again = await visitor.post('/api/batch', { requests: calls });
    expect((again.data.results as Array<{ status: number; replayed?: true }>).filter((a) => a.replayed).length).toBe(7);
    const ids = new Set((res.data.results as Array<{ body: { quote?: { id: string } } }>).flatMap((a) => (a.body.quote ? [a.body.quote.id] : [])));
    expect(ids.size).toBe(7);
  });

  it('leaves the database checkpointed when the server closes (the thread closes its connection first)', async () => {
    const own = await startServer();
    expect((await new Client(own.url).post('/api/bookings', quoteForm())).status).toBe(201);
    await own.close({ keepStorage: true });
    expect(existsSync(join(own.storageDir, 'app.db-wal'))).toBe(false);
    const storage = openStorage(join(own.storageDir, 'app.db'));
    try {
      expect(storage.queries.quotes().map((q) => q.email)).toEqual(['jane.doe@example.com']);
    } finally {
      storage.close();
      rmSync(own.storageDir, { recursive: true, force: true });
    }
  });
});

describe('a writer thread that cannot open its storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'spark-writer-'));
  // A file where its folder should be: the thread cannot make the folder, so it cannot open the database.
  const later = join(dir, 'in-the-way');
  let writer: WriterThread;

  afterAll(async () => {
    await writer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 busy while it cannot, starts again, and runs commands once it can', async () => {
    writeFileSync(later, 'not a folder');
    writer = new WriterThread({ file: join(later, 'app.db'), groupCommit: true, busyTimeoutMs: 10, busyDeadlineMs: 5_000, settings: {} });
    const input = CreateBookingSchema.parse(quoteForm({ email: 'patient@example.com' }));
    const run = () => writer.execute({ commandId: null, actor: null, role: 'anonymous', now: new Date() }, 'bookings.requestBookingOrQuote', input, null);
    const refused = await run().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(faultOf(refused)).toBe('busy');
    rmSync(later);
    const outcome = await vi.waitFor(run, { timeout: 10_000, interval: 50 });
    expect(outcome).toMatchObject({ replayed: false, result: { kind: 'quote' } });
    await writer.close();
    const storage = openStorage(join(later, 'app.db'));
    try {
      expect(storage.queries.quotes().map((q) => q.email)).toEqual(['patient@example.com']);
    } finally {
      storage.close();
    }
  });
});

describe('a writer thread that gets stuck', () => {
  let writer: WriterThread;

  afterAll(async () => {
    await writer?.close();
  });

  it('is stopped once it stops beating, its command answered 503 busy, and started again', async () => {
    const logged: string[] = [];
    const logger = { error: (_data: unknown, message: string) => logged.push(message) } as unknown as Logger;
    const script = new URL('../support/stuck-writer.ts', import.meta.url);
    writer = new WriterThread({ file: 'unused', groupCommit: true, busyTimeoutMs: 10, busyDeadlineMs: 5_000, settings: {} }, logger, { stuckMs: 300, script });
    // Idle but beating: it is left alone, however long nothing is asked of it.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(logged).toEqual([]);

    const started = performance.now();
    const input = CreateBookingSchema.parse(quoteForm({ email: 'stuck@example.com' }));
    const refused = await writer.execute({ commandId: null, actor: null, role: 'anonymous', now: new Date() }, 'bookings.requestBookingOrQuote', input, null).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(faultOf(refused)).toBe('busy');
    expect((refused as Error).message).toMatch(/stopped answering/);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(logged.slice(0, 2)).toEqual(['writer thread stuck; stopping it', 'writer thread stopped; starting it again']);
  });
});
