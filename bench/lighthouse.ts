/**
 * `npm run lighthouse` (about 4 minutes on 2 cores): Lighthouse 13 from node_modules with Debian's Chromium
 * against the real server (backend/main.ts, production mode, a temporary STORAGE_DIR, a free port) for the
 * home page, a town page and the FAQ, mobile and desktop, 3 runs each. Prints the median score of every
 * category, the audits that cost points, every run's Total Blocking Time, and the JavaScript the home page
 * loads (gzip); writes everything to bench/lighthouse.json, with each run's full Lighthouse result. Builds
 * first when dist/ has no prerendered site (`--build` always rebuilds). `--runs=N`, `--pages=/,/faq` and
 * `--form-factors=mobile` narrow a run. No assertions: it measures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SERVER_NODE_FLAGS } from '#backend/node-flags.ts';
import { ensureChromium } from '../tests/support/chromium.ts';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const PAGES = arg('pages')?.split(',') ?? ['/', '/electrician-staines', '/faq'];
const RUNS = Number(arg('runs') ?? 3);
const ALL_FORM_FACTORS = ['mobile', 'desktop'] as const;
const ASKED_FORM_FACTORS = arg('form-factors')?.split(',');
const FORM_FACTORS = ALL_FORM_FACTORS.filter((formFactor) => !ASKED_FORM_FACTORS || ASKED_FORM_FACTORS.includes(formFactor));
/** Lighthouse 13's five categories; 'agentic-browsing' is the id in core/config/default-config.js. */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo', 'agentic-browsing'] as const;
/** The browser flags of shared/toolchain.md: headless Debian Chromium as root, nothing phoning home. */
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const CHROME_PATH = ensureChromium();
/**
 * The most JavaScript (gzip, as built) the home page may load before the visitor's first input: issue 14. The
 * home page hydrates only its islands; the router comes on first input (docs/decisions/013-islands.md).
 */
const HOME_JS_BUDGET = 100 * 1024;

type FormFactor = (typeof ALL_FORM_FACTORS)[number];
type Category = (typeof CATEGORIES)[number];
/** The part of a Lighthouse result (LHR) this script reads. */
type Lhr = {
  lighthouseVersion: string;
  /** Lighthouse's CPU benchmark at run time: a value well below the machine's usual one means another process was busy. */
  environment: { benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number; details?: { items?: unknown[] } }
  >;
};
/** An audit that cost points in a run: 'performance: total-blocking-time (Total Blocking Time)' and its value. */
type Lost = { audit: string; value: string };
/**
 * One Lighthouse run. `tbt` is its Total Blocking Time in ms, printed for every run (it moves from run to run
 * more than any other metric here); `lhr` is the whole result, for reading its long-tasks, bootup-time and
 * mainthread-work-breakdown audits afterwards.
 */
type Run = { page: string; formFactor: FormFactor; scores: Record<Category, number | null>; lost: Lost[]; benchmarkIndex: number; tbt: number; lhr: unknown };
type Script = { url: string; transferBytes: number; gzipBytes: number | null };

const started = performance.now();
const log = (line: string): void => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

if (process.argv.includes('--build') || !existsSync(join(dist, 'sitemap.xml'))) {
  log('building (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const work = mkdtempSync(join(tmpdir(), 'spark-lighthouse-'));
const server = await startServer(join(work, 'server'));
const cleanup = (): void => {
  server.stop();
  rmSync(work, { recursive: true, force: true });
};
process.once('exit', cleanup);
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

const runs: Run[] = [];
let homeScripts: Script[] = [];
for (const formFactor of FORM_FACTORS) {
  for (const page of PAGES) {
    for (let i = 1; i <= RUNS; i++) {
      const lhr = lighthouse(`${server.url}${page}`, formFactor, join(work, 'report.json'));
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, score(lhr.categories[id]?.score)])) as Record<Category, number | null>;
      const benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
      const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
      runs.push({ page, formFactor, scores, lost: lostPoints(lhr), benchmarkIndex, tbt, lhr });
      if (page === '/' && formFactor === 'mobile' && i === 1) homeScripts = scriptsOf(lhr);
      log(
        `${formFactor.padEnd(7)} ${page.padEnd(22)} run ${i}/${RUNS}: ${CATEGORIES.map((id) => `${id} ${scores[id] ?? '–'}`).join(', ')} (TBT ${tbt} ms, CPU benchmark ${benchmarkIndex})`,
      );
    }
  }
}

const medians = FORM_FACTORS.flatMap((formFactor) =>
  PAGES.map((page) => {
    const mine = runs.filter((run) => run.page === page && run.formFactor === formFactor);
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(mine.map((run) => run.scores[id]))])) as Record<Category, number | null>;
    // One line per audit that cost points in any run, with its value in each such run.
    const lost = new Map<string, string[]>();
    for (const { audit, value } of mine.flatMap((run) => run.lost)) lost.set(audit, [...(lost.get(audit) ?? []), value]);
    return {
      formFactor,
      page,
      scores,
      lost: [...lost].map(([audit, values]) => `${audit}: ${values.join(', ')}`),
      tbt: mine.map((run) => run.tbt),
      benchmarkIndex: mine.map((run) => run.benchmarkIndex),
    };
  }),
);

// Performance scores move with the machine's load: a busy shared machine costs mobile runs a few points.
const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.log(`\nLighthouse ${lighthouseVersion()} with ${chromiumVersion()}: median of ${RUNS} runs (load average at the end: ${load})\n`);
const header = ['form factor', 'page', ...CATEGORIES];
const rows = medians.map((m) => [m.formFactor, m.page, ...CATEGORIES.map((id) => String(m.scores[id] ?? '–'))]);
const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => row[col]!.length)));
for (const row of [header, widths.map((w) => '-'.repeat(w)), ...rows]) console.log(row.map((cell, col) => cell.padEnd(widths[col]!)).join('  '));

// Every run's Total Blocking Time, also when it costs no points: how far apart runs of the same page are.
console.log('\nTotal Blocking Time of each run (CPU benchmark index):');
for (const m of medians) {
  console.log(`  ${m.formFactor.padEnd(7)} ${m.page.padEnd(22)} ${m.tbt.map((ms, i) => `${ms} ms (${m.benchmarkIndex[i]})`).join(', ')}`);
}

const lost = medians.filter((m) => m.lost.length > 0);
if (lost.length > 0) {
  console.log('\nAudits that cost points (in any run):');
  for (const m of lost) console.log(`  ${m.formFactor} ${m.page}:\n    ${m.lost.join('\n    ')}`);
}

const total = (key: 'transferBytes' | 'gzipBytes'): number => homeScripts.reduce((sum, s) => sum + (s[key] ?? 0), 0);
// Only when the home page was measured on mobile (not with --pages=/faq or --form-factors=desktop).
if (homeScripts.length > 0) {
  const budget = total('gzipBytes') <= HOME_JS_BUDGET ? 'within' : 'OVER';
  console.log(
    `\nJavaScript the home page loads (mobile, first run): ${kb(total('gzipBytes'))} gzip, ${kb(total('transferBytes'))} transferred (the server sends brotli); ${budget} the budget of ${kb(HOME_JS_BUDGET)} gzip`,
  );
  for (const s of homeScripts) console.log(`  ${kb(s.gzipBytes ?? 0).padStart(9)} gzip  ${kb(s.transferBytes).padStart(9)} sent  ${s.url}`);
  // Dexie's code, not a file name in a lazy import's preload list ('bulkPut' is a Dexie method, as in admin-bundle.spec.ts).
  const dexie = homeScripts.some((s) => existsSync(join(dist, s.url)) && readFileSync(join(dist, s.url), 'utf8').includes('bulkPut'));
  const portal = homeScripts.filter((s) => /\/(admin|customer|customer-portal|customer-auth)-[\w-]+\.js$/.test(s.url));
  console.log(`  Dexie in it: ${dexie ? 'YES' : 'no'}; portal/admin route chunks in it: ${portal.length > 0 ? portal.map((s) => s.url).join(', ') : 'none'}`);
}

writeFileSync(
  join(root, 'bench', 'lighthouse.json'),
  `${JSON.stringify({ date: new Date().toISOString(), lighthouse: lighthouseVersion(), chromium: chromiumVersion(), loadAverage: load, runsPerPage: RUNS, medians, homeScripts, homeJsGzip: total('gzipBytes'), homeJsBudget: HOME_JS_BUDGET, runs }, null, 2)}\n`,
);
log('wrote bench/lighthouse.json');
process.exit(0);

/**
 * One Lighthouse run through its CLI (a fresh Chromium profile each time), returning the parsed result. A run
 * that fails to record (Lighthouse's occasional NO_NAVSTART and the like) is repeated, twice at most.
 */
function lighthouse(url: string, formFactor: FormFactor, output: string, attempt = 1): Lhr {
  const cli = join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [cli, url, '--output=json', `--output-path=${output}`, `--chrome-flags=${CHROME_FLAGS}`, '--quiet'];
  if (formFactor === 'desktop') args.push('--preset=desktop');
  rmSync(output, { force: true });
  const run = spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, CHROME_PATH }, encoding: 'utf8', timeout: 120_000 });
  const lhr = existsSync(output) ? (JSON.parse(readFileSync(output, 'utf8')) as Lhr) : undefined;
  const failure =
    run.status !== 0 || !lhr
      ? (run.stderr || run.error?.message || `exit ${run.status}`).trim()
      : lhr.runtimeError && `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
  if (!failure && lhr) return lhr;
  if (attempt >= 3) throw new Error(`lighthouse ${url} (${formFactor}) failed 3 times: ${failure}`);
  log(`lighthouse ${url} (${formFactor}) failed, trying again: ${failure?.split('\n')[0]}`);
  return lighthouse(url, formFactor, output, attempt + 1);
}

/** Every weighted audit that did not score 1. */
function lostPoints(lhr: Lhr): Lost[] {
  const lost: Lost[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      lost.push({ audit: `${id}: ${ref.id} (${audit.title})`, value: audit.displayValue ?? `score ${audit.score}` });
    }
  }
  return lost;
}

/** The scripts of the page's network log, with the gzip size of the built file next to the bytes sent. */
function scriptsOf(lhr: Lhr): Script[] {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as Array<{ url: string; resourceType?: string; transferSize?: number }>;
  return items
    .filter((item) => item.resourceType === 'Script')
    .map((item) => {
      const path = new URL(item.url).pathname;
      const file = join(dist, path);
      return { url: path, transferBytes: item.transferSize ?? 0, gzipBytes: existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : null };
    });
}

/**
 * Starts backend/main.ts as production would run it, on a free port, logging to a file (a pipe would fill up
 * while a Lighthouse run blocks this process, and then stall the server); resolves once it answers.
 */
async function startServer(dir: string): Promise<{ url: string; stop(): void }> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = openSync(join(dir, 'server.log'), 'w');
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', STORAGE_DIR: join(dir, 'storage'), LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'backend/main.ts'], { cwd: root, env, stdio: ['ignore', logFile, logFile] });
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null || tries > 100) throw new Error(`the server did not start:\n${readFileSync(join(dir, 'server.log'), 'utf8')}`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  log(`server on ${url} (NODE_ENV=production)`);
  return { url, stop: () => void child.kill('SIGTERM') };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

function score(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value * 100);
}

function median(values: Array<number | null>): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
}

function chromiumVersion(): string {
  return spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).stdout.trim() || CHROME_PATH;
}
