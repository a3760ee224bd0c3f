import { describeFault } from './faults.ts';
import type { Logger } from './logger.ts';

export type Loop = { stop(): void };

/**
 * Runs `task` now (unless `startAfterMs` says later) and then every `intervalMs`, one run at a time. A run that
 * fails (a full disk, a lock held elsewhere, anything) is logged and tried again after `retryMs`; the loop
 * itself never throws and never ends until stopped. The background work of the server (session pruning,
 * retention, the upload sweep) runs in these.
 */
export function every(
  name: string,
  intervalMs: number,
  task: () => unknown,
  logger: Logger,
  options: { retryMs?: number; startAfterMs?: number } = {},
): Loop {
  const retryMs = Math.min(options.retryMs ?? 5 * 60_000, intervalMs);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number): void => {
    if (stopped) return;
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  };
  const run = async (): Promise<void> => {
    let next = intervalMs;
    try {
      await task();
    } catch (err) {
      next = retryMs;
      logger.error({ task: name, err, fault: describeFault(err), retryInMs: retryMs }, `${name} failed; it will run again`);
    }
    schedule(next);
  };
  schedule(options.startAfterMs ?? 0);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
