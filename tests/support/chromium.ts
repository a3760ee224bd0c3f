import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Chromium or Chrome usually lives on Linux; Debian's package puts it at the first. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'];

/**
 * The browser the browser tests and Lighthouse drive: `CHROME_PATH` when set, else the first installed of
 * the usual places. `npx playwright install` does not work on our machines, so when none is there and we
 * are root with apt, Debian's `chromium` is installed (about 30 s); otherwise the run stops with one line
 * that says what to install. Returns the executable's path.
 */
export function ensureChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['CHROME_PATH'];
  if (configured) {
    if (existsSync(configured)) return configured;
    return stop(`CHROME_PATH is ${configured}, but there is no such file.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (process.getuid?.() === 0 && hasCommand('apt-get')) {
    console.log("Browser tests: no Chromium found, installing Debian's chromium (apt-get install chromium)…");
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: aptEnv }) : update;
    const installed = CANDIDATES.find((path) => existsSync(path));
    if (install.status === 0 && installed) return installed;
    return stop('apt-get could not install chromium (see above).');
  }
  return stop('no Chromium found.');
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
