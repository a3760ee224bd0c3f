import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LogWriter } from '#backend/log-writer.ts';
import { createLogger } from '#backend/logger.ts';

/** A destination like a pipe whose reader can stall: while stalled, what is written waits in the stream's buffer. */
function pipe() {
  const lines: string[] = [];
  const waiting: Array<() => void> = [];
  let stalled = false;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      if (stalled) waiting.push(() => done());
      else done();
    },
  });
  return {
    stream,
    lines,
    stall: () => (stalled = true),
    resume() {
      stalled = false;
      for (const done of waiting.splice(0)) done();
    },
  };
}

describe('LogWriter', () => {
  it('drops and counts lines while the reader stalls, never blocking, and says how many once it catches up', async () => {
    const out = pipe();
    const writer = new LogWriter({ stream: () => out.stream, maxBufferedBytes: 1_000 });
    const logger = createLogger('info', writer);
    out.stall();

    for (let i = 0; i < 100; i++) logger.info({ i }, 'request');

    expect(writer.dropped).toBeGreaterThan(80);
    expect(out.stream.writableLength).toBeLessThan(1_000 + 200);
    out.resume();
    await new Promise((resolve) => setImmediate(resolve));
    logger.info('after');
    const notice = out.lines.map((l) => JSON.parse(l) as { msg: string; dropped?: number }).find((l) => l.msg.startsWith('log lines dropped'));
    expect(notice?.dropped).toBe(writer.dropped);
    expect(JSON.parse(out.lines.at(-1)!)).toMatchObject({ msg: 'after' });
  });

  it('drops everything once the reader has gone (EPIPE), without throwing', () => {
    const gone = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const writer = new LogWriter({ stream: () => gone });
    const logger = createLogger('info', writer);

    logger.info('first');
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(() => logger.info('second')).not.toThrow();
        expect(writer.dropped).toBe(1);
        resolve();
      }),
    );
  });

  it('never opens its stream when nothing is logged (LOG_LEVEL=silent)', () => {
    let opened = false;
    const logger = createLogger(
      'silent',
      new LogWriter({
        stream: () => {
          opened = true;
          return pipe().stream;
        },
      }),
    );
    logger.error('nobody hears this');
    expect(opened).toBe(false);
  });
});
