/**
 * A business rule said no. `code` is stable snake_case so clients and tests can branch on it;
 * `message` is the text a person may see.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

/** A command was aimed at something that does not exist (maps to 404). */
export class NotFoundError extends DomainError {
  constructor(what: string) {
    super(`${what}_not_found`, `${what[0]?.toUpperCase()}${what.slice(1)} not found`);
    this.name = 'NotFoundError';
  }
}

/** The stream moved on since the caller read it (maps to 409). */
export class ConflictError extends DomainError {
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(code, message, details);
    this.name = 'ConflictError';
  }
}

/** Ends a switch over a union: a new member that is not handled fails the typecheck. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
