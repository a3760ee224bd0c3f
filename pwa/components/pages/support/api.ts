/** What a JSON call came back with: the answer, the server's refusal, or no answer at all (offline). */
export type ApiResult<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly offline: false; readonly status: number; readonly message: string; readonly fields: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly offline: true; readonly message: string };

/** Shown when the request never reached us; the form keeps what was typed. */
export const OFFLINE_MESSAGE = 'We could not reach our server. Please check your connection and try again.';

/**
 * POSTs JSON with the session cookie, optionally with an `Idempotency-Key` so a retry of the same
 * submission is recorded once. Errors keep the server's `{ error: { message, fields } }`; anything else
 * falls back to the seed's 'status: body' text.
 */
export async function postJson<T>(url: string, body: unknown, idempotencyKey?: string): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, offline: true, message: OFFLINE_MESSAGE };
  }
  const text = await response.text().catch(() => '');
  const json = parse(text);
  if (response.ok) return { ok: true, data: json as T };
  const error = (json as { error?: { message?: unknown; fields?: unknown } } | undefined)?.error;
  const message = typeof error?.message === 'string' ? error.message : `${response.status}: ${text || response.statusText}`;
  const fields = error?.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : {};
  return { ok: false, offline: false, status: response.status, message, fields };
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
      if (last?.payload !== serialised) last = { payload: serialised, key: uuid() };
      return last.key;
    },
    done() {
      last = null;
    },
  };
}

/** A version-4 UUID; `randomUUID` needs a secure context, so plain-HTTP LAN testing falls back to getRandomValues. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
