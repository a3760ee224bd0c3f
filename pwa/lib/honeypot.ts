/**
 * The honeypot's field name: HONEYPOT_FIELD of domain/schemas/fields.ts. That module brings zod with it,
 * so only its type is imported here and the compiler checks the two names agree.
 */
export const HONEYPOT_FIELD: typeof import('#domain/schemas/fields.ts').HONEYPOT_FIELD = 'website';
