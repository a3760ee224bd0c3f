import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, REBUILD_NODE_FLAGS, SERVER_NODE_FLAGS } from '#backend/node-flags.ts';

describe('the options Node runs the server with (ADR 021)', () => {
  it('npm start passes every one of them to Node, before the server script', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    const run = pkg.scripts['start']!.split('&&').at(-1)!.trim().split(/\s+/);
    expect(run[0]).toBe('node');
    expect(run.at(-1)).toBe('backend/main.ts');
    expect(run.slice(1, -1)).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
  });

  it('names the ones a process was started without, on the command line or in NODE_OPTIONS', () => {
    expect(missingNodeFlags([])).toEqual(SERVER_NODE_FLAGS);
    expect(missingNodeFlags(['--no-allocation-site-pretenuring'])).toEqual(['--v8-pool-size=1']);
    expect(missingNodeFlags(['--no-allocation-site-pretenuring'], '--max-old-space-size=512 --v8-pool-size=1')).toEqual([]);
    expect(missingNodeFlags(['--v8-pool-size=4', '--no-allocation-site-pretenuring'])).toEqual(['--v8-pool-size=1']);
  });
});

describe('the options Node runs the rebuilding tools with (ADR 021)', () => {
  it('npm run rebuild, erase and retention pass every one of them to Node, before the script', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    for (const tool of ['rebuild', 'erase', 'retention']) {
      const run = pkg.scripts[tool]!.trim().split(/\s+/);
      expect(run[0]).toBe('node');
      expect(run.at(-1)).toBe(`backend/cli/${tool}.ts`);
      expect(run.slice(1, -1)).toEqual([...REBUILD_NODE_FLAGS]);
    }
  });
});
