/**
 * `npm run bench` (about 5 minutes on 2 cores) or `npm run bench -- --quick` (about 25 s, a smoke run);
 * `--only=appends,http,rebuild,mail,sync,device` runs some sections only (`--only=admin`: section 7's admin portal rows).
 * Prints one table of figures — no assertions — and writes the same results to bench/results.json:
 *   1. durable appends per second in process (WAL + synchronous=FULL), with and without group commit;
 *   2. HTTP requests per second with autocannon: the home page and the admin's list against a bare node:http server
 *      sending the same bytes (as a ratio), the quote-request POST's throughput and its latency at a fixed rate;
 *   3. generating a 1M-event log, then the time and peak memory of a full read-model rebuild;
 *   4. the machine;
 *   5. mail delivered per second to a local SMTP server, and how long a reset link waits behind a backlog;
 *   6. the devices' sync feed: the admin's first sync of 10,000 bookings, and the next sync after one change;
 *   7. the device: draining 1,000 queued submissions, and opening the home page from the service worker offline; the
 *      admin portal with 2,000 jobs on a CPU throttled 4× (bench/admin-device.ts): opening, tabs, typing, a status, a pull.
 * Everything runs on temporary directories (removed afterwards) and 127.0.0.1 on ephemeral ports.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import Database from 'better-sqlite3';
import { benchAdminDevice } from './admin-device.ts';
import { benchAppends } from './appends.ts';
import { fmt, mb, type Mode, type Row } from './common.ts';
import { benchHttp } from './http.ts';
import { benchMail } from './mail.ts';
import { benchRebuild } from './rebuild.ts';
import { benchOffline } from './offline.ts';
import { benchSync } from './sync.ts';

const mode: Mode = { quick: process.argv.includes('--quick') };
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wanted = (section: string): boolean => !only || only.includes(section);
/** `--only=admin`: the admin portal rows of section 7 alone. */
const adminOnly = only?.includes('admin') ?? false;

// Ctrl-C: leave through process.exit so the exit handlers stop the children and remove temporary files.
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

const started = performance.now();
const log = (line: string): void => {
  const s = ((performance.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[${s} s] ${line}`);
};

function machine(): Record<string, string | number> {
  const db = new Database(':memory:');
  const sqlite = db.prepare('select sqlite_version()').pluck().get() as string;
  db.close();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5_000 }).trim();
  } catch {
    // not a git checkout: leave it unknown
  }
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Number((mb(totalmem()) / 1024).toFixed(1)),
    node: process.version,
    sqlite,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    loadAtStart: Number(loadavg()[0]!.toFixed(2)),
    commit,
  };
}

function table(rows: Row[]): string {
  const head = ['#', 'benchmark', 'value', 'unit', 'details'];
  const body = rows.map((r) => [r.section, r.name, fmt(r.value), r.unit, r.detail]);
  const width = (i: number): number => Math.max(head[i]!.length, ...body.map((b) => b[i]!.length));
  const widths = [0, 1, 2, 3].map(width);
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === 2 ? c.padStart(widths[i]!) : i < 4 ? c.padEnd(widths[i]!) : c)).join(' | ');
  const rule = widths.map((w) => '-'.repeat(w)).join('-+-') + '-+-' + '-'.repeat(40);
  const out = [line(head), rule];
  let section = '';
  for (const [i, cells] of body.entries()) {
    if (section && rows[i]!.section !== section) out.push(rule);
    section = rows[i]!.section;
    out.push(line(cells));
  }
  return out.join('\n');
}

const NOTES = [
  'Appends: each command is requestBookingOrQuote with a parsed quote form and a new email, so it appends',
  '  QuoteRequested + ContactCreated (2 events), creates a person key and stores its command id. Fresh database',
  '  per row, WAL + synchronous=FULL as openStorage sets it; inputs are parsed before the clock starts.',
  'HTTP: autocannon in this process, 50 connections × pipelining 10, against servers in child processes. Each read',
  '  row runs against the app and a bare node:http server sending the very bytes the app sent (status, headers,',
  '  body, encoding; recorded first), interleaved bare, app, bare, app …; the value is the median of the app, the',
  '  ratio median app / median bare. Server CPU per answer is given too: unlike req/s, other processes taking the',
  '  cores hardly move it. This machine has only 2 cores: the load generator competes with the servers for CPU,',
  '  so req/s are lower bounds. Every POST carries a new Idempotency-Key and email; the throughput row is the',
  '  median of 3 runs, each on a fresh server; the latency row sends at a',
  '  fixed rate, evenly spaced, over keep-alive connections opened as needed (bench/open-loop.ts: open loop, each',
  '  latency from when its request was due, so no coordinated omission); it is the run with the median p99 of 3.',
  'Rebuild: the log (per booking 1 BookingRequested + 2 MessagePosted with personal fields sealed by the',
  "  store's vault, 3 BookingStatusChanged; ~3 bookings per customer key) is inserted straight into the events",
  '  table in transactions of 60,000 events, with synchronous=OFF and a 256 MB page cache DURING GENERATION ONLY',
  '  (through EventStore.append with inline projections it took 120–133 s). Then a fresh process opens the file',
  '  as the app does (WAL + FULL) and runs storage.rebuild(), three times (once with --quick); the row gives the',
  '  median time and the highest peak RSS (each process\'s VmHWM). After each, its reference in another fresh',
  '  process (bench/rebuild-bare.ts): SQLite alone, in one thread, reading every event with the replay\'s query',
  '  and writing the rebuilt rows again as plain arrays, then their indexes: no JSON, no keys, no projection.',
  'Mail: the app\'s MailSender delivering a backlog queued at once to the test SMTP sink in this process.',
];

async function main(): Promise<void> {
  const info = machine();
  log(`SparkRight benchmark${mode.quick ? ' (--quick)' : ''} on ${info['cpu']}, ${info['cores']} cores, Node ${info['node']}, SQLite ${info['sqlite']}`);
  const rows: Row[] = [];
  const raw: Record<string, unknown> = {};
  if (wanted('appends')) {
    log('1. durable appends in process');
    rows.push(...(await benchAppends(mode, log)));
  }
  if (wanted('http')) {
    log('2. HTTP with autocannon');
    const http = await benchHttp(mode, log);
    rows.push(...http.rows);
    raw['http'] = http.figures;
  }
  if (wanted('rebuild')) {
    log('3. rebuild');
    const rebuild = await benchRebuild(mode, log);
    rows.push(...rebuild.rows);
    raw['rebuild'] = rebuild.report;
    raw['generated'] = rebuild.generated;
  }
  if (wanted('mail')) {
    log('5. mail');
    rows.push(...(await benchMail(mode, log)));
  }
  if (wanted('sync')) {
    log('6. sync feed');
    rows.push(...(await benchSync(mode, log)));
  }
  if (wanted('device')) {
    log('7. the device: outbox and service worker');
    rows.push(...(await benchOffline(mode, log)));
  }
  if (wanted('device') || adminOnly) {
    log('7. the device: the admin portal on an old tablet');
    rows.push(...(await benchAdminDevice(mode, log)));
  }
  const seconds = (performance.now() - started) / 1000;
  info['loadAtEnd'] = Number(loadavg()[0]!.toFixed(2));
  const machineRow: Row = {
    section: '4 machine',
    name: `${info['cpu']}`,
    value: Number(info['cores']),
    unit: 'cores',
    detail: `${info['memoryGb']} GB RAM; Node ${info['node']}; SQLite ${info['sqlite']}; ${info['platform']}; ${info['date']}; commit ${info['commit']}; load avg ${info['loadAtStart']} at start`,
  };
  // Taken before anything ran: a load above 1 means other processes were busy on this 2-core machine.
  if (Number(info['loadAtStart']) > 1) machineRow.warning = `load average was ${info['loadAtStart']} at the start: other processes competed for the 2 cores, figures may be low`;
  rows.push(machineRow);

  console.log('');
  console.log(table(rows));
  console.log('');
  for (const n of NOTES) console.log(n);
  const warnings = rows.filter((r) => r.warning);
  for (const r of warnings) {
    console.log('');
    console.log(`!!!!!!!! WARNING — ${r.section} / ${r.name}: ${r.warning} !!!!!!!!`);
  }
  console.log('');
  console.log(`Total ${fmt(seconds, 0)} s${mode.quick ? ' (quick mode: sizes too small to quote)' : ''}. Results written to bench/results.json.`);

  const file = new URL('./results.json', import.meta.url);
  writeFileSync(file, JSON.stringify({ mode: mode.quick ? 'quick' : 'full', seconds, machine: info, rows, raw }, null, 2) + '\n');
  // The README's Figures table is this file, pasted as it is (never figures from elsewhere).
  writeFileSync(new URL('./figures.md', import.meta.url), markdown(rows, info));
  console.log('The same as a Markdown table for the README: bench/figures.md.');
}

/** The results as the README's Figures table: the machine first, a row per figure, warnings kept. */
function markdown(rows: Row[], info: Record<string, string | number>): string {
  const cell = (text: string): string => text.replaceAll('|', '\\|');
  const lines = [
    `Measured ${String(info['date']).slice(0, 10)} with \`npm run bench${mode.quick ? ' -- --quick' : ''}\` at commit ${info['commit']}: ${info['cpu']}, ${info['cores']} cores, ${info['memoryGb']} GB RAM, Node ${info['node']}, SQLite ${info['sqlite']}; load average ${info['loadAtStart']} at the start, ${info['loadAtEnd']} at the end.`,
    '',
    '| # | benchmark | result | details |',
    '|---|---|---|---|',
    ...rows
      .filter((r) => r.section !== '4 machine')
      .map((r) => `| ${r.section} | ${cell(r.name)} | **${fmt(r.value)} ${r.unit}** | ${cell(r.detail)}${r.warning ? ` — ⚠ ${cell(r.warning)}` : ''} |`),
  ];
  return lines.join('\n') + '\n';
}

await main();
