import { ConflictError, DomainError, NotFoundError } from '#domain/errors.ts';
import type { CommandContext, Outcome } from '#data/command-bus.ts';
import type { Actor } from '../commands/unit.ts';
import { HttpError } from '../http/errors.ts';

/** What the HTTP thread asks the writer thread: run a command, or close. */
export type ToWriter = { type: 'run'; id: number; context: CommandContext; command: string; input: unknown; actor: Actor } | { type: 'close' };

/** One command's end: its outcome, or its error as the HTTP thread rebuilds it. */
export type Settled = { id: number; ok: Outcome<unknown> } | { id: number; error: WireError };

/** How often the writer thread says its event loop runs. */
export const WRITER_BEAT_MS = 1_000;

/**
 * What the writer thread tells: `settled`, the commands of one commit (sent after it, so the answers they lead to
 * read what it wrote; `mailed`: it queued mail); `ready` once its storage is open; `beat`, that its event loop
 * runs; `log` for the server's log.
 */
export type FromWriter =
  | { type: 'settled'; settled: Settled[]; mailed: boolean }
  | { type: 'ready' }
  /** Sent every WRITER_BEAT_MS; the HTTP thread's watchdog listens for it. */
  | { type: 'beat' }
  | { type: 'log'; level: 'warn' | 'error'; message: string; data: Record<string, unknown> };

/**
 * An error as it crosses threads. Structured cloning keeps an Error's message and stack but neither its class nor
 * its `code`, and both matter: backend/http/errors.ts answers by class, backend/faults.ts by SQLite's and the
 * system's codes (a full disk in the writer thread is still a 503 storage_full).
 */
export type WireError = {
  kind: 'http' | 'not-found' | 'conflict' | 'domain' | 'error';
  name: string;
  message: string;
  stack?: string | undefined;
  code?: unknown;
  details?: Record<string, unknown> | undefined;
  status?: number;
  fields?: Record<string, string> | undefined;
  extra?: Record<string, unknown> | undefined;
  headers?: Record<string, string>;
  cause?: WireError;
};

/** How deep a chain of causes is kept. */
const MAX_CAUSES = 3;

export function toWire(error: unknown, depth = 0): WireError {
  if (!(error instanceof Error)) return { kind: 'error', name: 'Error', message: String(error) };
  const base = { name: error.name, message: error.message, stack: error.stack };
  const cause = error.cause !== undefined && depth < MAX_CAUSES ? { cause: toWire(error.cause, depth + 1) } : {};
  if (error instanceof HttpError) {
    return { kind: 'http', ...base, code: error.code, status: error.status, fields: error.fields, extra: error.extra, headers: { ...error.headers }, ...cause };
  }
  if (error instanceof DomainError) {
    const kind = error instanceof NotFoundError ? 'not-found' : error instanceof ConflictError ? 'conflict' : 'domain';
    return { kind, ...base, code: error.code, details: error.details, ...cause };
  }
  const code = (error as { code?: unknown }).code;
  return { kind: 'error', ...base, ...(code === undefined ? {} : { code }), ...cause };
}

const DOMAIN_CLASSES = { 'not-found': NotFoundError, conflict: ConflictError, domain: DomainError } as const;

/** The error again, of the class it was thrown as (or an Error with its `code`), for the error middleware. */
export function fromWire(wire: WireError): Error {
  let error: Error;
  if (wire.kind === 'http') {
    const http = new HttpError(wire.status ?? 500, String(wire.code), wire.message, wire.fields, wire.extra);
    Object.assign(http.headers, wire.headers);
    error = http;
  } else if (wire.kind === 'error') {
    error = new Error(wire.message);
    if (wire.code !== undefined) Object.assign(error, { code: wire.code });
  } else {
    // Made as it was thrown, not through the constructor (NotFoundError's builds its own message).
    error = Object.create(DOMAIN_CLASSES[wire.kind].prototype) as Error;
    Object.defineProperties(error, {
      message: { value: wire.message, writable: true, configurable: true },
      code: { value: wire.code, enumerable: true },
      details: { value: wire.details, enumerable: true },
    });
  }
  error.name = wire.name;
  if (wire.stack !== undefined) error.stack = wire.stack;
  if (wire.cause) error.cause = fromWire(wire.cause);
  return error;
}
