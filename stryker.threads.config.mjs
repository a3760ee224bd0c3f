// Mutation testing of the threads issue 14 added — the writer thread's error codec and command names, the
// rebuild's replay reader, the WAL checkpointer — with the unit tests only:
// `MUTATION_TESTS=tests/unit npx stryker run stryker.threads.config.mjs` (a few minutes; incremental after).
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['backend/writer/wire.ts', 'backend/writer/registry.ts', 'data/replay-reader.ts', 'data/checkpointer.ts'],
  incremental: true,
  incrementalFile: 'reports/stryker-incremental-threads.json',
  htmlReporter: { fileName: 'reports/mutation-threads/index.html' },
  jsonReporter: { fileName: 'reports/mutation-threads/mutation.json' },
};
