import { z } from 'zod';
import { LIMITS, MAX_UPLOAD_BYTES } from '../limits.ts';
import { MSG } from '../messages.ts';

/** Absent optional values are stored and answered as null, whether the client sent '', null or nothing. */
const emptyToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v === '' ? null : v);

/** A required, trimmed text with the seed's message when it is missing or blank. */
export const requiredText = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: MSG.tooLong(max) });

/**
 * What a name may not hold: a line break or another control character, half a surrogate pair, or a web address. A name goes into the greeting
 * of mails sent to any address a visitor types ("Hello …,"): with those, the site would send anyone's words and links
 * to anyone, from the business's own domain.
 */
export const NOT_A_NAME = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]|:\/\/|\bwww\./iu;

/** A required name (trimmed, one line, no web address). */
export const requiredName = (required: string) =>
  requiredText(LIMITS.name, required).refine((v) => !NOT_A_NAME.test(v), { error: MSG.nameOnly });

/** An optional name (as requiredName); blank becomes null. */
export const optionalName = () => optionalText(LIMITS.name).refine((v) => v === null || !NOT_A_NAME.test(v), { error: MSG.nameOnly });

/** An optional, trimmed text; blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: MSG.tooLong(max) })
    .nullish()
    .transform(emptyToNull);

const EMAIL = z.regexes.email;

/** A required email, lower-cased so one person is one address. */
export const requiredEmail = (message: string = MSG.emailInvalidLong) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(LIMITS.email, { error: MSG.tooLong(LIMITS.email) })
    .refine((v) => EMAIL.test(v), { error: message });

/** The seed's booking email: valid or empty. */
export const optionalEmail = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, { error: MSG.tooLong(LIMITS.email) })
  .refine((v) => v === '' || EMAIL.test(v), { error: MSG.emailInvalid })
  .nullish()
  .transform(emptyToNull);

/**
 * UK numbers as people type them: digits, spaces, +, brackets and dashes, with at least 10 digits (a UK number
 * has 10 or 11; "12" is nobody's), the seed's support minimum.
 */
export const optionalPhone = z
  .string({ error: 'Must be text' })
  .trim()
  .max(LIMITS.phone, { error: MSG.tooLong(LIMITS.phone) })
  .refine((v) => v === '' || (/^[0-9+()\-\s]*$/.test(v) && v.replace(/\D/g, '').length >= LIMITS.supportPhoneMin), { error: MSG.supportPhone })
  .nullish()
  .transform(emptyToNull);

/** True when `v` is a real calendar day written yyyy-MM-dd. */
export function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A calendar day (yyyy-MM-dd, the seed's quick-booking format), optional. */
export const optionalDate = z
  .string({ error: MSG.invalidDate })
  .trim()
  .refine((v) => v === '' || isIsoDate(v), { error: MSG.invalidDate })
  .nullish()
  .transform(emptyToNull);

/** A time of day HH:mm, optional. */
export const optionalTime = z
  .string({ error: MSG.invalidTime })
  .trim()
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { error: MSG.invalidTime })
  .nullish()
  .transform(emptyToNull);

/** An uploaded file as the upload call answers it; names are ours (random), never the client's path. */
export const AttachmentSchema = z.strictObject({
  filename: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/, { error: 'Not a stored file name' }),
  originalname: z.string().max(LIMITS.filename),
  size: z.number().int().nonnegative().max(MAX_UPLOAD_BYTES),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

const NOT_JSON = Symbol('not-json');

/**
 * The seed sends attachments as JSON text or null; our clients may send the list itself.
 * Either way the domain sees a list.
 */
export const AttachmentsField = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return NOT_JSON;
      }
    },
    z
      .array(AttachmentSchema, { error: 'Attachments must be a list of uploaded files' })
      .max(LIMITS.attachments, { error: `At most ${LIMITS.attachments} attachments` }),
  )
  .optional()
  .transform((v) => v ?? []);

/**
 * The id a client gives the record it creates (a UUID it made itself), so an offline booking, its files and
 * its first chat message can name each other before they reach the server. Optional: the server makes one
 * when the client does not.
 */
export const RecordIdField = z
  .string({ error: 'Must be a UUID' })
  .max(LIMITS.recordId, { error: MSG.tooLong(LIMITS.recordId) })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, { error: 'Must be a UUID' })
  .transform((v) => v.toLowerCase())
  .optional();

/** The hidden field of the public forms (quote, contact): people never see it, form-filling bots fill it. */
export const HONEYPOT_FIELD = 'website';
