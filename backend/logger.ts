import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Redaction is a second line of defence: the request logger only ever logs the
 * route pattern, never bodies, cookies, tokens or query strings.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['password', '*.password', 'newPassword', '*.newPassword', 'token', '*.token', 'cookie', '*.cookie', 'headers.cookie', 'email', '*.email'],
      censor: '[redacted]',
    },
  });
}
