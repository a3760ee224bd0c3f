import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { typedPounds } from '../money.ts';
import { optionalDate, optionalText, optionalTime, RecordIdField } from './fields.ts';

export const QUOTE_STATUSES = ['pending', 'quoted', 'approved', 'rejected'] as const;
export const QuoteStatusSchema = z.enum(QUOTE_STATUSES, { error: `Quote status must be one of ${QUOTE_STATUSES.join(', ')}` });
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export const PrioritySchema = z.enum(PRIORITIES, { error: `Priority must be one of ${PRIORITIES.join(', ')}` });
export type Priority = z.infer<typeof PrioritySchema>;

/** Our text for an amount that is not pounds and pence as people write them. */
export const AMOUNT_FORMAT = 'Enter an amount in pounds, like 450 or 450.00';

/**
 * Pounds as people write them: 450, 450.5, 450.00, £1,200.00, £ 275.50. Stored without the £, commas and spaces. A comma
 * only between thousands: a tablet set to a European region offers it as the decimal point, and "12,50" was kept as
 * £1,250.00. More than nothing: a quote of £0.00 asked the customer to approve nothing.
 */
const amount = z
  .string({ error: 'Must be text' })
  .trim()
  .max(LIMITS.estimatedCost, { error: `Must be at most ${LIMITS.estimatedCost} characters` })
  .refine((v) => !v.includes(',') || /^£?\s*\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(v), { error: AMOUNT_FORMAT })
  .transform(typedPounds)
  .refine((v) => v === '' || /^\d{1,9}(\.\d{1,2})?$/.test(v), { error: AMOUNT_FORMAT });
/** The price the business sets. */
const estimatedCost = amount
  .refine((v) => v === '' || Number(v) > 0, { error: 'Enter an amount of more than £0' })
  .nullish()
  .transform((v) => (v ? v : null));
/** A typed price as it would be kept ('£1,250.50' as '1250.50'), or null when it is empty or the checks refuse it. */
export function keptPrice(text: string): string | null {
  const parsed = estimatedCost.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** The price as the customer's screen showed it (a quote priced £0 before prices had to be more, answered still). */
const shownCost = amount.nullish().transform((v) => (v ? v : null));

/** Our text for a quote marked Quoted with no price: the customer would be asked to approve "Estimated cost: —". */
export const PRICE_REQUIRED = 'Enter the estimated cost before setting the status to Quoted';

/**
 * `PUT /api/quotes/{id}`: the admin's working fields, each optional. Quoted with the price emptied in the same
 * call is refused here (the form says so on the field); Quoted with no price sent and none stored, by the decider.
 * `expectedVersion` is the quote's version the edit was made on: a field it sets that was changed since, to something
 * else, is a 409 with the quote as it is now (ADR 030); a change of another field meanwhile is no conflict.
 */
export const UpdateQuoteSchema = z
  .strictObject({
    notes: optionalText(LIMITS.notes).optional(),
    scope: optionalText(LIMITS.scope).optional(),
    estimatedCost: estimatedCost.optional(),
    quoteStatus: QuoteStatusSchema.optional(),
    priority: PrioritySchema.optional(),
    followUpDate: optionalDate.optional(),
    expectedVersion: z.number({ error: 'Must be a whole number' }).int({ error: 'Must be a whole number' }).positive({ error: 'Must be a whole number' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.quoteStatus === 'quoted' && value.estimatedCost === null) ctx.addIssue({ code: 'custom', path: ['estimatedCost'], message: PRICE_REQUIRED });
  });
export type UpdateQuoteInput = z.infer<typeof UpdateQuoteSchema>;

/**
 * `POST /api/quotes/{id}/approve` and `/decline`: the price and what it includes as the customer's screen showed them,
 * each optional. An answer to a quote the business has changed since is a 409 `quote_changed` with the quote as it is
 * now. No body at all (an older device, a plain API call) answers as before.
 */
export const AnswerQuoteSchema = z.strictObject({
  estimatedCost: shownCost.optional(),
  scope: optionalText(LIMITS.scope).optional(),
});
export type AnswerQuoteInput = z.infer<typeof AnswerQuoteSchema>;

/** `POST /api/quotes/{id}/convert`: the job's dates; without them the quote's preferred date, one day. */
export const ConvertQuoteSchema = z.strictObject({
  /** The job's id, made by the device that converts (offline, it shows the job at once and can change it before it is sent). */
  bookingId: RecordIdField,
  startDate: optionalDate.optional(),
  finishDate: optionalDate.optional(),
  startTime: optionalTime.optional(),
  finishTime: optionalTime.optional(),
  allowOverlap: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type ConvertQuoteInput = z.infer<typeof ConvertQuoteSchema>;
