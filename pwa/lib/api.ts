/** A refused or failed call, in the words the page shows. */
export type Failure = {
  readonly ok: false;
  /** HTTP status, or 0 when the request never got an answer (offline, DNS, aborted). */
  readonly status: number;
  readonly message: string;
  /** Per-field messages of a 400, keyed by field name (the server's zod issues). */
  readonly fields: Readonly<Record<string, string>>;
};

export type Outcome<T> = { readonly ok: true; readonly status: number; readonly data: T } | Failure;

/**
 * POSTs JSON with the command id as `Idempotency-Key`, so sending the same submission again (a retry after
 * a lost answer) creates it once. Never throws: the caller decides what a failure looks like.
 */
export async function postJson<T>(path: string, body: unknown, idempotencyKey: string): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: 'We could not reach our server. Please check your connection and try again.', fields: {} };
  }
  const text = await response.text().catch(() => '');
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

/** A fresh command id for one submission. */
export function newCommandId(): string {
  return crypto.randomUUID();
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
