// `npm run mutation`: mutation testing of the core (issue 10) — the policy, the command layer, the deciders, the
// event store and the vault — with the vitest runner. Not part of `npm test`: it takes tens of minutes.
// `tsconfigFile` names no file on purpose: Stryker's tsconfig step calls a TypeScript API that TypeScript 7 no
// longer has. `ignoreStatic` leaves out mutants in code that runs at import (they would rerun every test).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  // The first run with coverage takes minutes on a 2-core machine under load.
  dryRunTimeoutMinutes: 30,
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  tsconfigFile: 'stryker-has-no-tsconfig.json',
  mutate: ['domain/policy.ts', 'domain/deciders/*.ts', 'backend/commands/*.ts', 'data/command-bus.ts', 'data/event-store.ts', 'data/vault.ts'],
  // `dist` is copied into each sandbox: the integration tests' server answers from the built site (npm run build).
  ignorePatterns: ['node_modules/.prerender', '.tsbuild', 'test-results', 'playwright-report', 'reports', 'storage', '.tmp'],
  concurrency: 2,
  timeoutMS: 20000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
};
