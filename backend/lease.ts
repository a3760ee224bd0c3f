import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One server to a storage folder. Two started on the same STORAGE_DIR (a deploy whose new server came up beside the
 * old one, a second container on the same volume) each sent every queued mail, and one's start-up cleanup dropped the
 * tables the other's rebuild was building. The server holds a lease, a small file in the folder that says who holds
 * it and until when, renewed while it runs and removed as it stops. A start that finds a lease another server still
 * renews waits for it to lapse, then says who holds it and exits. A lease left by a process that died (kill -9, a
 * power cut) lapses by itself, or at once when its holder is known dead (this host, a pid that is gone or is ours).
 */
const FILE = 'server.lease';
/** How long a lease holds unless renewed. */
export const LEASE_MS = 30_000;
/** How often the holder renews it. */
export const RENEW_MS = 10_000;

/** `pids`: the holder's process-id space (Linux's pid namespace): two containers may share a host name, not their pids. */
type Holder = { token: string; host: string; pids: string; pid: number; until: number };

export type Lease = {
  /** Renews the lease; false when another server has taken it meanwhile (this one must stop). */
  renew(): boolean;
  /** Gives the lease up (the server stops). */
  release(): void;
};

export type LeaseOptions = { host?: string; pids?: string; pid?: number; now?: () => number; waitMs?: number; pollMs?: number; settleMs?: number };

/**
 * Takes the storage folder's lease: the lease, or one line saying who holds it when it did not lapse within `waitMs`
 * (a lease's life and a little more, so a server that died a moment ago on another host is waited out).
 */
export async function takeLease(dir: string, options: LeaseOptions = {}): Promise<Lease | string> {
  const host = options.host ?? hostname();
  const pids = options.pids ?? pidSpace();
  const pid = options.pid ?? process.pid;
  const now = options.now ?? Date.now;
  const file = join(dir, FILE);
  const token = randomBytes(12).toString('hex');
  const mine = (): Holder => ({ token, host, pids, pid, until: now() + LEASE_MS });
  const write = (holder: Holder): void => {
    const next = `${file}.${token}`;
    writeFileSync(next, JSON.stringify(holder), { mode: 0o600 });
    renameSync(next, file);
  };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const deadline = now() + (options.waitMs ?? LEASE_MS + 5_000);
  for (;;) {
    const held = read(file);
    if (!held || held.until <= now() || gone(held, host, pids, pid)) {
      write(mine());
      // Two servers starting at the same moment both wrote: the later rename stands, and the other sees it now.
      await sleep(options.settleMs ?? 200);
      if (read(file)?.token === token) break;
      continue;
    }
    if (now() >= deadline) {
      return `Another server is using the storage folder ${dir} (pid ${held.pid} on ${held.host}, its lease renewed until ${new Date(held.until).toISOString()}): stop it first, or give this one its own STORAGE_DIR.`;
    }
    await sleep(options.pollMs ?? 1_000);
  }
  return {
    renew() {
      if (read(file)?.token !== token) return false;
      write(mine());
      return true;
    },
    release() {
      if (read(file)?.token === token) rmSync(file, { force: true });
    },
  };
}

function read(file: string): Holder | undefined {
  try {
    const held = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof held.token === 'string' && typeof held.host === 'string' && typeof held.pid === 'number' && typeof held.until === 'number'
      ? { ...(held as Holder), pids: typeof held.pids === 'string' ? held.pids : '' }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the holder is known to have died: on this host and among these pids, its pid is ours now (a container
 * restarted) or no process's. Elsewhere (another host, or a container that shares this one's name), nothing is known.
 */
function gone(held: Holder, host: string, pids: string, pid: number): boolean {
  if (held.host !== host || held.pids !== pids) return false;
  if (held.pid === pid) return true;
  try {
    process.kill(held.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** This process's pid namespace ('pid:[4026531836]'), or '' where there is none to read (not Linux). */
function pidSpace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}
