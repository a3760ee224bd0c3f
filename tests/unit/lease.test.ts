import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeLease, type Lease } from '#backend/lease.ts';

/** One server to a storage folder: the lease file (backend/lease.ts), with real processes' pids. */
describe('the storage folder’s lease', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'spark-lease-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fast = { waitMs: 100, pollMs: 20, settleMs: 5, pids: 'pid:[1]' };
  const holder = () => JSON.parse(readFileSync(join(dir, 'server.lease'), 'utf8')) as { pid: number; host: string; until: number };
  const taken = async (options: Parameters<typeof takeLease>[1]): Promise<Lease> => {
    const lease = await takeLease(dir, { ...fast, ...options });
    if (typeof lease === 'string') throw new Error(lease);
    return lease;
  };

  it('is refused to a second server while the first, alive on this host, holds it; and taken once it is given up', async () => {
    // The first server: a live process that is not this one.
    const first = await taken({ host: 'box', pid: process.ppid });
    expect(holder()).toMatchObject({ pid: process.ppid, host: 'box' });

    const second = await takeLease(dir, { ...fast, host: 'box', pid: process.pid });
    expect(second).toMatch(new RegExp(`^Another server is using the storage folder .* \\(pid ${process.ppid} on box`));

    first.release();
    await taken({ host: 'box', pid: process.pid });
    expect(holder().pid).toBe(process.pid);
  });

  it('is taken at once from a server that died on this host (kill -9), or whose pid is now this one’s (a container restarted)', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(dir, 'server.lease'), JSON.stringify({ token: 'old', host: 'box', pids: 'pid:[1]', pid: dead, until: Date.now() + 30_000 }));
    await taken({ host: 'box', pid: process.pid });

    writeFileSync(join(dir, 'server.lease'), JSON.stringify({ token: 'old', host: 'box', pids: 'pid:[1]', pid: process.pid, until: Date.now() + 30_000 }));
    await taken({ host: 'box', pid: process.pid });
    expect(holder().pid).toBe(process.pid);
  });

  it('is not taken from a container that shares this one’s host name but not its pids: nothing is known of its holder there', async () => {
    writeFileSync(join(dir, 'server.lease'), JSON.stringify({ token: 'other', host: 'box', pids: 'pid:[2]', pid: process.pid, until: Date.now() + 30_000 }));
    expect(await takeLease(dir, { ...fast, host: 'box', pid: process.pid })).toMatch(/^Another server is using the storage folder/);
  });

  it('from another host, is waited out: refused while renewed, taken once it lapsed', async () => {
    writeFileSync(join(dir, 'server.lease'), JSON.stringify({ token: 'other', host: 'elsewhere', pid: 1, until: Date.now() + 30_000 }));
    expect(await takeLease(dir, { ...fast, host: 'box' })).toMatch(/pid 1 on elsewhere/);

    writeFileSync(join(dir, 'server.lease'), JSON.stringify({ token: 'other', host: 'elsewhere', pid: 1, until: Date.now() - 1 }));
    await taken({ host: 'box' });
  });

  it('tells its holder when another server took it meanwhile, so that it stops', async () => {
    const mine = await taken({ host: 'box' });
    expect(mine.renew()).toBe(true);
    writeFileSync(join(dir, 'server.lease'), JSON.stringify({ token: 'other', host: 'elsewhere', pid: 1, until: Date.now() + 30_000 }));
    expect(mine.renew()).toBe(false);
    mine.release();
    expect(holder().host).toBe('elsewhere');
  });
});
