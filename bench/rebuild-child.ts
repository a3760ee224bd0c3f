/**
 * `node bench/rebuild-child.ts <database file>`: opens the database and times `storage.rebuild()`, in a
 * fresh process so its peak memory (maxRSS) is the rebuild's own. Reports over IPC, or prints JSON.
 */
import { openStorage } from '#data/storage.ts';
import { peakRssMb } from './common.ts';

export type RebuildReport = {
  events: number;
  ms: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** Peak RSS of this process (VmHWM on Linux). */
  peakRssMb: number;
  /** getrusage maxRSS, which after fork also counts the parent's memory at fork time. */
  maxRssMb: number;
  rows: Record<string, number>;
  /** CPU seconds this process spent in the rebuild. */
  cpuSeconds: number;
};

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/rebuild-child.ts <database file>');

const rssBefore = process.memoryUsage().rss;
const storage = openStorage(file, { ownProcess: true });
try {
  const cpu = process.cpuUsage();
  const { events, ms } = await storage.rebuild();
  const used = process.cpuUsage(cpu);
  const rssAfter = process.memoryUsage().rss;
  const rows: Record<string, number> = {};
  for (const table of ['bookings', 'messages', 'quotes', 'contacts', 'users']) {
    rows[table] = storage.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  }
  const report: RebuildReport = {
    events,
    ms,
    rssBeforeMb: rssBefore / 2 ** 20,
    rssAfterMb: rssAfter / 2 ** 20,
    peakRssMb: peakRssMb(),
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    rows,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
  if (process.send) process.send(report);
  else console.log(JSON.stringify(report));
} finally {
  storage.close();
}
process.disconnect?.();
