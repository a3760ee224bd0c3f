import { describeFault } from './faults.ts';
import type { Logger } from './logger.ts';

/**
 * The last line of defence: an error nothing else caught is logged, and the server keeps answering
 * (docs/decisions/009-faults.md). Node's default would end the process, and a small business's only server
 * would then be down until someone noticed. Every known path already handles its errors (requests, the command
 * bus, background loops, the mail sender); this is for the one we did not foresee.
 */
export function guardProcess(logger: Logger): { unexpected(): number } {
  let count = 0;
  process.on('unhandledRejection', (reason) => {
    count += 1;
    logger.error({ err: reason, fault: describeFault(reason) }, 'unhandled promise rejection; the server keeps running');
  });
  process.on('uncaughtException', (err, origin) => {
    count += 1;
    logger.fatal({ err, origin, fault: describeFault(err) }, 'uncaught exception; the server keeps running');
  });
  return { unexpected: () => count };
}
