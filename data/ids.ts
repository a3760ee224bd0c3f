import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Bytes drawn from the CSPRNG at a time. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let at = 0;

/**
 * `n` fresh random bytes, cut from 4 KB drawn from the CSPRNG at a time: one call into OpenSSL per few hundred ids
 * or IVs instead of one each (WebCrypto's `getRandomValues`, which uuid calls per id, cost about 5 µs a call here).
 * Never handed out twice; each refill is a new buffer, so bytes handed out are never overwritten.
 */
export function randomPooled(n: number): Buffer {
  if (at + n > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(Math.max(POOL_BYTES, n)));
    at = 0;
  }
  const bytes = pool.subarray(at, at + n);
  at += n;
  return bytes;
}

/** uuid's own v7 state, kept here because uuid keeps it only when it draws the random bytes itself. */
const state = { msecs: Number.NEGATIVE_INFINITY, seq: 0 };

/**
 * A version-7 UUID, as uuid's `v7()` makes it (time first, then a counter that starts at random each millisecond
 * and goes up within it, so ids made in one process sort in the order they were made), from pooled random bytes.
 */
export function newUuidV7(): string {
  const random = randomPooled(16);
  const now = Date.now();
  if (now > state.msecs) {
    state.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
    state.msecs = now;
  } else {
    state.seq = (state.seq + 1) | 0;
    if (state.seq === 0) state.msecs++;
  }
  return uuidv7({ random, msecs: state.msecs, seq: state.seq });
}
