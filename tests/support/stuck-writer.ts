/**
 * A writer thread (backend/writer/worker.ts's messages) that is ready and beats, then gets stuck for good on its
 * first command, as a thread caught in a loop would: for the watchdog's test (tests/integration/writer-thread.test.ts).
 */
import { parentPort } from 'node:worker_threads';

const port = parentPort!;
const beat = setInterval(() => port.postMessage({ type: 'beat' }), 50);
port.on('message', (message: { type: string }) => {
  if (message.type === 'close') {
    clearInterval(beat);
    port.close();
    return;
  }
  // Blocks this thread's event loop until the thread is terminated: no more beats, no answer.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
});
port.postMessage({ type: 'ready' });
