import { pino, type DestinationStream, type Logger } from 'pino';
import { LogWriter } from './log-writer.ts';

export type { Logger };

/**
 * Structured JSON logs on stdout, written without ever blocking (backend/log-writer.ts). Redaction is a second
 * line of defence: the request logger only ever logs the route pattern, never bodies, cookies, tokens or query
 * strings.
 */
export function createLogger(level: string, destination: DestinationStream = new LogWriter()): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['password', '*.password', 'newPassword', '*.newPassword', 'token', '*.token', 'cookie', '*.cookie', 'headers.cookie', 'email', '*.email'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
