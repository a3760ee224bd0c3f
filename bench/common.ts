import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/**
 * The public quote form as a browser sends it (no dates: a quote request). `n` makes the e-mail unique,
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
    preferredDate: '2026-12-03',
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

/** Makes a temporary directory under os.tmpdir() and returns it with its remover. */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n) ? n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : String(n);

export const mb = (bytes: number): number => bytes / (1024 * 1024);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
