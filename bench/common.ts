import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { londonDay } from '#domain/schemas/date-window.ts';

/** One line of the printed table (and of bench/results.json). */
export type Row = {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** Short human-readable details printed after the value. */
  detail: string;
  /** Set when the figure must not be trusted (non-2xx answers, errors, a cut-short run). */
  warning?: string;
};

export type Mode = { quick: boolean };

const FIRST = ['Olivia', 'Jack', 'Amelia', 'Harry', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Leo', 'Priya', 'Tomasz'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Patel', 'Khan', 'Murphy', 'Davies', 'Nowak'];
const SERVICES = ['EV charger installation', 'Consumer unit upgrade', 'Full rewire', 'EICR inspection', 'Outdoor lighting', 'Fault finding'];
const STREETS = ['Station Road', 'High Street', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Park Avenue'];
const TOWNS = ['Leeds LS6 2AB', 'York YO24 1AA', 'Harrogate HG1 5PD', 'Wakefield WF1 2EB', 'Bradford BD9 4QH'];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/** A month ahead: visitors may ask for days from today to two years ahead. */
const PREFERRED_DATE = londonDay(new Date(Date.now() + 30 * 86_400_000));

/**
 * The public quote form as a browser sends it (no dates: a quote request). `n` makes the email unique,
 * so every command also creates a contact and a person key, as a first-time enquirer does.
 */
export function quoteForm(n: number, tag: string): Record<string, unknown> {
  const first = pick(FIRST, n);
  const last = pick(LAST, Math.floor(n / FIRST.length));
  return {
    firstName: first,
    lastName: last,
    email: `${first}.${last}.${tag}.${n}@example.co.uk`.toLowerCase(),
    phone: `07700 9${String(n % 100000).padStart(5, '0')}`,
    serviceType: pick(SERVICES, n),
    preferredDate: PREFERRED_DATE,
    preferredTime: '',
    startDate: '',
    finishDate: '',
    address: `${(n % 180) + 1} ${pick(STREETS, n)}, ${pick(TOWNS, n)}`,
    description:
      'We would like a quote for the work. The consumer unit is in the garage, the house was built in the 1970s ' +
      'and the loft is boarded. Weekday mornings suit us best; please ring before coming round.',
    attachments: null,
  };
}

/** Temporary directories not removed yet; removed at exit too, should the benchmark end early. */
const temporary = new Set<string>();
process.once('exit', () => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** Makes a temporary directory under os.tmpdir() and returns it with its remover. */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.add(dir);
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      temporary.delete(dir);
    },
  };
}

export const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n) ? n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : String(n);

export const mb = (bytes: number): number => bytes / (1024 * 1024);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * This process's peak resident memory in MB. On Linux it is VmHWM from /proc/self/status: getrusage's maxRSS
 * of a forked-and-exec'd child also counts the parent's memory at fork time (the high-water mark survives
 * execve), which made a 480 MB rebuild read as 2 GB after a memory-hungry generation in the parent.
 */
export function peakRssMb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // not Linux: fall back below
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** Busy CPU time of the whole machine, in seconds, from /proc/stat (null when not on Linux). */
function machineBusySeconds(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return (total - idle) / 100; // USER_HZ
  } catch {
    return null;
  }
}

/**
 * Starts watching how busy the machine is. `others(ownCores)` then tells how many cores' worth of CPU went to
 * processes other than the benchmark's (`ownCores`: the benchmark's processes' CPU seconds per second), so a
 * figure taken while something else ran on this shared 2-core machine can be flagged.
 */
export function watchCpu(): { others(ownCpuSeconds: number): number | null } {
  const busy0 = machineBusySeconds();
  const t0 = performance.now();
  return {
    others(ownCpuSeconds) {
      const busy1 = machineBusySeconds();
      if (busy0 === null || busy1 === null) return null;
      const seconds = (performance.now() - t0) / 1000;
      return Math.max(0, (busy1 - busy0 - ownCpuSeconds) / seconds);
    },
  };
}

/** Above this share of a core taken by other processes, a figure is flagged. */
export const OTHERS_LIMIT = 0.25;

/** The detail text and, when too high, the warning for other processes' CPU use. */
export function othersNote(others: number | null): { text: string; warning?: string } {
  if (others === null) return { text: '' };
  const text = `other processes ${fmt(others * 100)}% CPU`;
  if (others <= OTHERS_LIMIT) return { text };
  return { text, warning: `other processes used ${fmt(others * 100)}% of a core meanwhile: this figure is probably low` };
}

/** A GET as the bytes came, not decompressed (a small answer is not compressed). */
export function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
    });
    req.on('error', reject);
    req.end();
  });
}
