import { notFound } from '@tanstack/react-router';

/** One raw call and what came back, as the developer tools show it. */
export type RawResult = { readonly label: string; readonly status: number; readonly body: string; readonly at: string };

let available: Promise<boolean> | undefined;

/**
 * `beforeLoad` of the developer tools' routes (/email-test, /test-login, /test-auth). They exist only while
 * the server runs with NODE_ENV=development, which is when it answers GET /api/debug-auth; anywhere else the
 * route is not found, so the client shows the 404 page the server already answered with.
 */
export async function requireDevTools(): Promise<void> {
  available ??= fetch('/api/debug-auth', { credentials: 'same-origin', headers: { Accept: 'application/json' } }).then(
    (response) => response.ok,
    () => false,
  );
  if (!(await available)) throw notFound();
}

/** Makes a call and keeps the raw answer (status and body as text, JSON pretty-printed); status 0 means no answer. */
export async function rawCall(label: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<RawResult> {
  const at = new Date().toISOString();
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { label, status: response.status, body: pretty(text), at };
  } catch (error) {
    return { label, status: 0, body: `Network error: ${(error as Error).message}`, at };
  }
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
