import type { Writable } from 'node:stream';

/** How much log output may wait for a slow reader before lines are dropped (about 4,000 request lines). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The log destination: writes JSON lines to stdout without ever blocking the server
 * (docs/decisions/008-non-blocking-logs.md). On a pipe or socket Node writes asynchronously and queues what the
 * reader has not taken yet; past `maxBufferedBytes` of queue, new lines are dropped and counted, and once the
 * reader catches up a line says how many were lost. When the reader has gone (EPIPE), every line is dropped.
 * pino's own destination (sonic-boom) writes synchronously and, on a full pipe, retries until it succeeds:
 * a stalled log reader then froze the whole server, SIGTERM included.
 */
export class LogWriter {
  readonly #open: () => Writable;
  readonly #max: number;
  #out: Writable | undefined;
  #closed = false;
  #unreported = 0;
  /** Lines dropped since the start. */
  dropped = 0;

  constructor(options: { stream?: () => Writable; maxBufferedBytes?: number } = {}) {
    this.#open = options.stream ?? (() => process.stdout);
    this.#max = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  }

  write(line: string): void {
    const out = this.#stream();
    if (this.#closed || out.writableLength > this.#max) {
      this.dropped += 1;
      this.#unreported += 1;
      return;
    }
    if (this.#unreported > 0 && out.writableLength <= this.#max / 2) {
      out.write(`${JSON.stringify({ level: 40, time: Date.now(), dropped: this.#unreported, msg: 'log lines dropped: the log reader was too slow' })}\n`);
      this.#unreported = 0;
    }
    out.write(line);
  }

  /** Opened on the first line, so a logger that never writes (LOG_LEVEL=silent, tests) never touches stdout. */
  #stream(): Writable {
    if (!this.#out) {
      this.#out = this.#open();
      this.#out.on('error', () => {
        this.#closed = true;
      });
    }
    return this.#out;
  }
}
