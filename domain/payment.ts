/** How a customer paid for a job: the FAQ's three ways (cash, bank transfer or card). */
export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Each way in words, for the admin's screens and a job's history. */
export const PAYMENT_WORDS: { readonly [M in PaymentMethod]: string } = { cash: 'cash', bank_transfer: 'bank transfer', card: 'card' };

/**
 * From when the app keeps whether jobs are paid (ADR 038): a job done before it is taken as settled then, and not listed
 * as one still to pay (every completed job of the years before read as unpaid).
 */
export const PAYMENTS_KEPT_FROM = '2026-11-30';

/** Our text for a payment dated after today (the server's check and the form's). */
export const PAID_IN_FUTURE = 'A payment cannot be dated after today';
