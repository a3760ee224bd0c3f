import { z } from 'zod';

/** Calls one batch may carry: a device's outbox sends its queue in batches of at most this many. */
export const BATCH_MAX_CALLS = 50;

/**
 * The calls a device's outbox may send in a batch: the ones that change something and carry JSON — quote and
 * contact requests, support requests, bookings and their changes and messages, quotes and their answers.
 * Sign-in, account calls, uploads and batches themselves go alone.
 */
export const BATCHABLE_PATH = /^\/api\/(?:bookings|contacts|quotes|support\/request)(?:\/[A-Za-z0-9-]{1,64}){0,2}$/;

/** `POST /api/batch`: the outbox's waiting calls, in order, each with the Idempotency-Key it would go alone with. */
export const BatchSchema = z.strictObject({
  requests: z
    .array(
      z.strictObject({
        id: z.uuid({ error: 'Each call needs its Idempotency-Key, a UUID' }),
        method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE'], { error: 'Each call needs a method: POST, PUT, PATCH or DELETE' }),
        path: z.string().max(200).regex(BATCHABLE_PATH, { error: 'This call cannot go in a batch' }),
        body: z.unknown(),
        /** When the device made it (the outbox item's time): the history dates the change by it. */
        madeAt: z.string().max(40).optional(),
      }),
    )
    .min(1, { error: 'A batch needs at least one call' })
    .max(BATCH_MAX_CALLS, { error: `A batch holds at most ${BATCH_MAX_CALLS} calls` })
    .refine((calls) => new Set(calls.map((c) => c.id.toLowerCase())).size === calls.length, { error: 'Each call of a batch needs its own Idempotency-Key' }),
});
export type BatchInput = z.infer<typeof BatchSchema>;
