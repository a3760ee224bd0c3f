/**
 * The writer thread (backend/writer/thread.ts, ADR 015): its own connection to the database, and on it the
 * command bus that runs every command the HTTP thread sends by name, with group commit as before. The HTTP
 * thread's event loop then never holds a write transaction.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { THREAD_BUSY_RETRY_MS } from '#data/busy.ts';
import type { CommandSettings } from '#data/command-bus.ts';
import { openStorage } from '#data/storage.ts';
import { commandNamed } from './registry.ts';
import { toWire, WRITER_BEAT_MS, type FromWriter, type Settled, type ToWriter } from './wire.ts';

export type WriterData = { file: string; groupCommit: boolean; busyTimeoutMs: number; busyDeadlineMs: number; settings: CommandSettings };

if (!parentPort) throw new Error('backend/writer/worker.ts runs as a worker thread');
const port: MessagePort = parentPort;
const data = workerData as WriterData;
const send = (message: FromWriter): void => port.postMessage(message);

const storage = openStorage(data.file, {
  groupCommit: data.groupCommit,
  checkpointInBackground: true,
  onBackgroundError: (message) => send({ type: 'log', level: 'warn', message: 'WAL checkpointer', data: { error: message } }),
  busyTimeoutMs: data.busyTimeoutMs,
  busyDeadlineMs: data.busyDeadlineMs,
  // This thread alone waits while it tries: it can try often, and so gets in between a rebuild's steps.
  busyRetryMs: THREAD_BUSY_RETRY_MS,
  settings: data.settings,
});

/** Outcomes of the last commit, sent together once its promises have all settled (one message per commit, not per command). */
let settled: Settled[] = [];
let mailed = false;
let flushing = false;
storage.bus.onMailQueued(() => {
  mailed = true;
});

function settle(done: Settled): void {
  settled.push(done);
  if (flushing) return;
  flushing = true;
  setImmediate(() => {
    flushing = false;
    const message: FromWriter = { type: 'settled', settled, mailed };
    settled = [];
    mailed = false;
    try {
      port.postMessage(message);
    } catch (error) {
      // An answer that cannot be cloned (no command answers one today): that command fails, the others go on.
      port.postMessage({ ...message, settled: message.settled.map((done) => (cloneable(done) ? done : { id: done.id, error: toWire(error) })) });
    }
  });
}

function cloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

// The HTTP thread's watchdog: a thread that stops beating (stuck in a loop) is stopped and started again.
const beat = setInterval(() => send({ type: 'beat' }), WRITER_BEAT_MS);

port.on('message', (message: ToWriter) => {
  if (message.type === 'close') {
    // Closing the port ends the thread; the HTTP thread waits for that.
    clearInterval(beat);
    storage.close();
    port.close();
    return;
  }
  const { id, context, command, input, actor } = message;
  const run = commandNamed(command);
  if (!run) {
    settle({ id, error: toWire(new Error(`No command named ${command}`)) });
    return;
  }
  storage.bus.execute(context, (uow) => run(uow, input, actor)).then(
    (ok) => settle({ id, ok }),
    (error: unknown) => settle({ id, error: toWire(error) }),
  );
});

send({ type: 'ready' });
