import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Chromium or Chrome usually lives on Linux; Debian's package puts it at the first. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'];

/**
 * The browser the browser tests and Lighthouse drive: `CHROME_PATH` when set, else the first installed of
 * the usual places. `npx playwright install` does not work on our machines, so when none is there and we
 * are root with apt, Debian's `chromium` is installed (about 30 s); otherwise the run stops with one line
 * that says what to install. One older than MIN_MAJOR is updated the same way (as root with apt), else named in a
 * line on stderr. Returns the executable's path.
 */
export function ensureChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['CHROME_PATH'];
  if (configured) {
    if (existsSync(configured)) return warnIfOld(configured);
    return stop(`CHROME_PATH is ${configured}, but there is no such file.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  const canInstall = process.getuid?.() === 0 && hasCommand('apt-get');
  if (found) {
    const major = majorVersion(found);
    if (major === undefined || major >= MIN_MAJOR) return found;
    // An old package from a stale apt list: the offline tests depend on how the browser reports the network.
    if (canInstall) {
      console.log(`Browser tests: ${found} is Chromium ${major}, older than ${MIN_MAJOR}; updating Debian's chromium…`);
      aptInstall(env);
    }
    return warnIfOld(found);
  }
  if (canInstall) {
    console.log("Browser tests: no Chromium found, installing Debian's chromium (apt-get install chromium)…");
    const installed = aptInstall(env) ? CANDIDATES.find((path) => existsSync(path)) : undefined;
    if (installed) return installed;
    return stop('apt-get could not install chromium (see above).');
  }
  return stop('no Chromium found.');
}

/**
 * The oldest Chromium the browser tests are known to pass on. Chromium 150 (a machine whose apt list had not been
 * updated) says `navigator.onLine` is true after a reload under Playwright's `setOffline(true)`, so a page reopened
 * "offline" read as one whose server cannot be reached, and three offline tests failed on words, not on the app.
 */
const MIN_MAJOR = 156;

/** The browser at `path`, with one line on stderr when it is older than the tests know. */
function warnIfOld(path: string): string {
  const major = majorVersion(path);
  if (major !== undefined && major < MIN_MAJOR) {
    console.error(`Browser tests: Chromium ${major} at ${path} is older than ${MIN_MAJOR}; some offline tests may fail (apt-get update && apt-get install chromium).`);
  }
  return path;
}

/** Debian's chromium from a fresh package list (about 30 s); whether apt-get succeeded. */
function aptInstall(env: NodeJS.ProcessEnv): boolean {
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
  return update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: aptEnv }).status === 0;
}

/** The major version a browser binary prints ("Chromium 156.0.…"); undefined when it prints none. */
function majorVersion(path: string): number | undefined {
  const printed = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 }).stdout ?? '';
  const match = /(?:Chromium|Chrome)\s+(\d+)\./.exec(printed);
  return match ? Number(match[1]) : undefined;
}

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function stop(reason: string): never {
  console.error(
    `Browser tests need Chromium: ${reason} Install it (Debian/Ubuntu: \`sudo apt-get install chromium\`) or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
  process.exit(1);
}
