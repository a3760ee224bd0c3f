/**
 * The list thread (backend/http/list-worker.ts) as it is, but one that dies when asked for the support requests,
 * as a thread that ran out of memory would: for tests/integration/answers-from-memory.test.ts.
 */
import { parentPort } from 'node:worker_threads';
import type { ToListThread } from '#backend/http/list-worker.ts';

// Registered before the real thread's listener, so it runs first and the real one never sees the message.
parentPort!.on('message', (message: ToListThread) => {
  if (message.kind === 'list' && message.list === 'supportRequests') process.exit(7);
});
await import('#backend/http/list-worker.ts');
