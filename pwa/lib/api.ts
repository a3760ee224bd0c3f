import { v7 as uuidv7 } from 'uuid';
import { inTime, timedOut } from './in-time.ts';

/** Shown when a request never reached us; the form keeps what was typed. */
export const OFFLINE_MESSAGE = 'We could not reach our server. Please check your connection and try again.';

/** Shown when a request got no answer in time (inTime): one bar of signal, perhaps; the form keeps what was typed. */
export const SLOW_MESSAGE = 'Our server did not answer in time: the signal may be weak. Please try again.';

/** A refused or failed call, in the words the page shows. */
export type Failure = {
  readonly ok: false;
  /** HTTP status, or 0 when the request never got an answer (offline, DNS, aborted). */
  readonly status: number;
  readonly message: string;
  /** Status 0 because no answer came in time (inTime): it may have reached us, on a weak signal. */
  readonly timedOut?: true;
  /** Per-field messages of a 400, keyed by field name (the server's zod issues). */
  readonly fields: Readonly<Record<string, string>>;
};

export type Outcome<T> = { readonly ok: true; readonly status: number; readonly data: T } | Failure;

/**
 * POSTs JSON with the session cookie and, for a command, its id as `Idempotency-Key`, so sending the same
 * submission again (a retry after a lost answer) creates it once. Never throws: the caller decides what a
 * failure looks like; `status` 0 means no (whole) answer at all: offline, or none within ANSWER_WITHIN_MS (in-time.ts),
 * its message saying which.
 */
export function postJson<T>(path: string, body: unknown, idempotencyKey?: string): Promise<Outcome<T>> {
  return sendJson<T>('POST', path, body, idempotencyKey);
}

/** The same for any method; with no body (`undefined`), none is sent. */
export async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string): Promise<Outcome<T>> {
  let response: Response;
  let text: string;
  try {
    ({ response, text } = await inTime(async (signal) => {
      const answer = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          Accept: 'application/json',
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal,
      });
      return { response: answer, text: await answer.text().catch((error: unknown) => (signal.aborted ? Promise.reject(error) : '')) };
    }));
  } catch (error) {
    return timedOut(error) ? { ok: false, status: 0, message: SLOW_MESSAGE, fields: {}, timedOut: true } : { ok: false, status: 0, message: OFFLINE_MESSAGE, fields: {} };
  }
  const json = parseJson(text);
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  const error = (json as { error?: { message?: unknown; fields?: unknown } } | null)?.error;
  return {
    ok: false,
    status: response.status,
    // The seed's generic wording when the body carries no message: "status: body or status text".
    message: typeof error?.message === 'string' ? error.message : `${response.status}: ${text || response.statusText}`,
    fields: isStringRecord(error?.fields) ? error.fields : {},
  };
}

/**
 * What a form says for a failure: the server's words; for no answer (status 0), `unreachable`, its own words for a request
 * that never reached us, or SLOW_MESSAGE when none came in time (the signal was there, too weak: "could not reach" was
 * untrue, and the change may have been made).
 */
export function failureText(failure: Failure, unreachable: string): string {
  if (failure.status !== 0) return failure.message;
  return failure.timedOut ? SLOW_MESSAGE : unreachable;
}

/** Whether a failure was the signal: the request never reached our server (not a refusal, nor no answer in time, which may have). */
export function signalLost(failure: Failure): boolean {
  return failure.status === 0 && !failure.timedOut;
}

/**
 * A fresh id for one submission or one record made on the device: a version-7 UUID, which begins with the time,
 * so the server's indexes take it beside the last one instead of on a random page (ADR 014). Made with
 * `getRandomValues`, which also works where `randomUUID` does not: a phone testing the site over plain HTTP.
 */
export function newCommandId(): string {
  return uuidv7();
}

/**
 * The key of one submission: the same payload sent again (after a lost connection) reuses its key, so
 * the server records it once; a changed payload gets a new key (the server refuses a key reused for
 * other data). Call `done()` after success so the next request is a new one.
 */
export function createIdempotency(): { keyFor: (payload: unknown) => string; done: () => void } {
  let last: { payload: string; key: string } | null = null;
  return {
    keyFor(payload) {
      const serialised = JSON.stringify(payload);
      if (last?.payload !== serialised) last = { payload: serialised, key: newCommandId() };
      return last.key;
    },
    done() {
      last = null;
    },
  };
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
