import { request } from 'node:http';

/** The admin the app server creates (the benchmark signs in as it). */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'a-long-bench-passphrase' } as const;

/** One answer as the app sent it, recorded for the bare server (body in base64). */
export type RecordedAnswer = { path: string; status: number; headers: Record<string, string | string[]>; body: string };

/** Headers the bare server must not copy: node:http writes its own (the date, the connection's state). */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * One request to the app, answered as the bytes came (no decompression): what the bare server will send for
 * the same path, so both send the very same status, headers and body.
 */
export function record(base: string, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<RecordedAnswer & { raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const kept = Object.entries(res.headers).filter(([name, value]) => !CONNECTION_HEADERS.has(name) && value !== undefined) as Array<
          [string, string | string[]]
        >;
        resolve({ path, status: res.statusCode ?? 0, headers: Object.fromEntries(kept), body: raw.toString('base64'), raw });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The session cookie pair(s) a sign-in answer set, as a Cookie header value. */
export function cookieOf(answer: RecordedAnswer): string {
  const lines = answer.headers['set-cookie'];
  const list = Array.isArray(lines) ? lines : lines ? [lines] : [];
  return list.map((line) => line.split(';')[0]!).join('; ');
}
