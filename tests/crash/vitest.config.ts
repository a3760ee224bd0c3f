import { defineConfig } from 'vitest/config';

/**
 * `npm run test:crash`: the crash and fault harness. The real server runs as child processes; the files run one
 * after another (they measure latency, and two at once would measure each other). CRASH_LONG=1 for the long form.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/crash/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
