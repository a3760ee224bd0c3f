import type { QuoteView } from '#domain/views.ts';
import { deviceDb } from './db.ts';

/** Whether data from the server is a quote as it shows one (a command's answer, or a 409's `current`). */
export function isQuote(data: unknown): data is QuoteView {
  return data !== null && typeof data === 'object' && 'id' in data && 'quoteStatus' in data && 'version' in data;
}

/** Puts a quote the server sent into the device's copy (when it is one), so the screens show it at once. */
export async function keepQuote(data: unknown): Promise<void> {
  if (isQuote(data)) await deviceDb().quotes.put(data);
}
