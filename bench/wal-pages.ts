/**
 * `node bench/wal-pages.ts [batch]`: what one commit of quote requests writes to the WAL, by b-tree. Runs quote
 * requests `batch` at a time (1 by default: a steady trickle, each its own commit) through the command bus on a
 * temporary database, with the automatic checkpoint off, then reads the `-wal` file's frame headers and names the
 * table or index each page belongs to (SQLite's `dbstat`). Every page a commit touches is written whole (4 KB), so
 * this is where the write path's bytes go (docs/decisions/017-fewer-pages-per-quote-request.md). No assertions: it
 * measures.
 */
import { join } from 'node:path';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { newUuidV7 } from '#data/ids.ts';
import { openStorage } from '#data/storage.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { walFrames } from '../tests/support/wal.ts';
import { quoteForm, tempDir } from './common.ts';

const FRAME_HEADER = 24;

const batch = Number(process.argv[2] ?? 1);
const tmp = tempDir('spark-wal-pages-');
const file = join(tmp.dir, 'app.db');
const storage = openStorage(file, { settings: { businessEmail: 'office@example.com' } });
try {
  storage.db.pragma('wal_autocheckpoint = 0');
  const pageSize = storage.db.pragma('page_size', { simple: true }) as number;
  // Idempotency keys as devices make them (version-7 UUIDs), one quote request per new person.
  const round = (n: number, tag: string): Promise<unknown> =>
    Promise.all(
      Array.from({ length: batch }, (_, i) =>
        storage.bus.execute({ commandId: newUuidV7(), fingerprint: 'bench', actor: null, role: 'anonymous', now: new Date() }, (uow) =>
          requestBookingOrQuote(uow, CreateBookingSchema.parse(quoteForm(n * batch + i, tag)), null),
        ),
      ),
    );
  // 2,000 stored first, so the indexes have a few levels; then the WAL starts empty and 200 more are measured.
  for (let r = 0; r < Math.ceil(2_000 / batch); r++) await round(r, 'before');
  storage.db.pragma('wal_checkpoint(TRUNCATE)');
  const rounds = Math.ceil(200 / batch);
  for (let r = 0; r < rounds; r++) await round(r, 'measured');

  const owner = new Map<number, string>();
  for (const { name, pageno } of storage.db.prepare('SELECT name, pageno FROM dbstat').all() as Array<{ name: string; pageno: number }>) owner.set(pageno, name);
  const byTree = new Map<string, number>();
  const all = walFrames(file, pageSize);
  const frames = all.length;
  const commits = all.filter((f) => f.endsCommit).length;
  for (const { page } of all) {
    const tree = page === 1 ? 'page 1 (the database header)' : (owner.get(page) ?? 'freelist');
    byTree.set(tree, (byTree.get(tree) ?? 0) + 1);
  }
  const commands = rounds * batch;
  console.log(
    `${commands} quote requests, ${batch} per commit: ${(frames / commits).toFixed(1)} pages per commit, ${((frames * (pageSize + FRAME_HEADER)) / 1024 / commands).toFixed(1)} KB of WAL per request`,
  );
  console.log('pages per commit, by b-tree:');
  for (const [tree, count] of [...byTree].sort((a, b) => b[1] - a[1])) console.log(`${(count / commits).toFixed(2).padStart(7)}  ${tree}`);
} finally {
  storage.close();
  tmp.remove();
}
