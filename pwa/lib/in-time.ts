/**
 * How long a person waiting on a button (signing in, saving a change to their account) gives our server to answer. On
 * one bar of signal a request can hang without ever failing, and the button stayed busy for ever; past this the page
 * says no answer came and lets them try again. Well over a slow answer (a sign-in is a small request and some 30 ms of
 * work), well under anyone's patience. The outbox, which nobody watches, waits longer (sender.ts).
 */
export const ANSWER_WITHIN_MS = 20_000;

/**
 * Runs a request (its fetch and the reading of its answer, both given `signal`) and gives it up after `ms`: it then
 * rejects with a `TimeoutError` (timedOut). A timer of its own rather than AbortSignal.timeout, whose clock a browser
 * test cannot move on.
 */
export async function inTime<T>(run: (signal: AbortSignal) => Promise<T>, ms = ANSWER_WITHIN_MS): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('No answer in time', 'TimeoutError')), ms);
  try {
    return await run(controller.signal);
  } catch (error) {
    // Given up: whatever the fetch or the read threw on the abort, it is the timeout that is said.
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a request failed because inTime gave it up (it may have reached us; no answer came back in time). */
export function timedOut(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}
