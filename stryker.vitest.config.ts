import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The tests `npm run mutation` runs against each mutant: the unit and integration tests (the code it mutates is
// the server's, which the component tests never reach), or the folders MUTATION_TESTS names (comma-separated),
// as `npm run mutation:unit` does.
const folders = (process.env['MUTATION_TESTS'] ?? 'tests/unit,tests/integration').split(',').filter(Boolean);
export default defineConfig({ test: { ...base.test, include: folders.map((folder) => `${folder}/**/*.test.ts`) } });
