import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

// `npm start` builds the app first when there is no build yet.
const root = resolve(import.meta.dirname, '..', '..');
if (!existsSync(resolve(root, 'dist', 'index.html'))) {
  console.log('No build found: building the app (vite build)…');
  const vite = resolve(root, 'node_modules', '.bin', 'vite');
  const run = spawnSync(vite, ['build'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
