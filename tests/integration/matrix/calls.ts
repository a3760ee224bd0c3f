import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { EventType } from '#domain/events.ts';
import { LIMITS } from '#domain/limits.ts';
import { AdminResetSchema, CustomerResetSchema, ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetTokenSchema, VerifyEmailSchema } from '#domain/schemas/auth.ts';
import { ChangeEmailSchema, ChangePasswordSchema, DeleteAccountSchema, RenameAccountSchema } from '#domain/schemas/account.ts';
import { BookingNotesSchema, BookingPaymentSchema, CreateBookingSchema, RequestDatesSchema, UpdateBookingSchema } from '#domain/schemas/booking.ts';
import { CreateContactSchema, MarkAnsweredSchema } from '#domain/schemas/contact.ts';
import { NoReplyNeededSchema, PostMessageSchema, ReplyNeededSchema } from '#domain/schemas/message.ts';
import { AnswerQuoteSchema, ConvertQuoteSchema, UpdateQuoteSchema } from '#domain/schemas/quote.ts';
import { SupportLookupSchema, SupportRequestSchema } from '#domain/schemas/support.ts';
import { ErasePersonSchema } from '#domain/schemas/people.ts';
import { BatchSchema } from '#domain/schemas/batch.ts';
import { createAdmin } from '#backend/bootstrap.ts';
import { ADMIN, Client, type TestServer } from '../../support/server.ts';
import { bookingForm, daysAhead, lastMailId, mailSince, quoteForm, sessionCookie, type Answer } from '../helpers.ts';

/**
 * The one table of every API call (product brief §6: anonymous, customer A, customer B, admin × every call).
 * authorization.test.ts runs each row as each actor, bad-input.test.ts feeds each JSON body bad input, and
 * coverage.test.ts fails when the app registers a call this table does not list, or the other way round.
 */

export type Actor = 'anonymous' | 'customerA' | 'customerB' | 'admin';
export const ACTORS: readonly Actor[] = ['anonymous', 'customerA', 'customerB', 'admin'];
/** 'allow' answers the row's `ok` status; a number is the refusal the actor must get. */
export type Access = 'allow' | 400 | 401 | 403 | 404;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON body schema, as far as the tests look into it (bad-input.test.ts walks its shape). */
export type BodySchema = { shape: Record<string, z.ZodType> };
/** What a row's `request` makes for one actor: path parameters, a JSON body or files. */
/** `headers`: sent with the call (an `Idempotency-Key` the request already used once). */
export type Prepared = { params?: Record<string, string>; json?: unknown; headers?: Record<string, string>; files?: Array<{ name: string; bytes: Buffer; type: string }> };

export type ApiCall = {
  method: Method;
  /** The path as the router registers it, with `{name}` for each `:name`. */
  path: string;
  /** When one call has rows for different valid requests (dates or not, which token). */
  variant?: string;
  access: Record<Actor, Access>;
  /** The exact status of an allowed call (400 for the reset calls fed a token nobody was given). */
  ok: 200 | 201 | 202 | 204 | 400;
  /** Error codes other than the usual 401 not_signed_in, 403 forbidden, 404 not_found (and the 400 of `ok`). */
  codes?: Partial<Record<400 | 401 | 403 | 404, string>>;
  /** Event types an allowed call appends (at least these); an empty list means it appends none. */
  appends: readonly EventType[];
  body: 'none' | 'json' | 'optional-json' | 'multipart';
  /** The shared zod schema the server parses the JSON body with. */
  schema?: BodySchema;
  /** The length bound of each text field (from LIMITS); bad-input sends one character more. */
  bounded?: Record<string, number>;
  /** The call replaces or ends the session: it runs in a throwaway client the actor signs into afresh. */
  ownSession?: boolean;
  /** Mounted only when NODE_ENV=development (createApp); in tests every actor gets 404. */
  devOnly?: boolean;
  /** A valid request for this actor; may make fresh records (before the event count is taken). */
  request(fx: Fixtures, actor: Actor): Prepared | Promise<Prepared>;
};

/** The people of the matrix. Customers register through the API; the admin is made the way production makes it. */
export const PEOPLE = {
  customerA: { email: 'alice.matrix@example.com', password: 'alice-matrix-passphrase', firstName: 'Alice', lastName: 'Able' },
  customerB: { email: 'bob.matrix@example.com', password: 'bob-matrix-passphrase', firstName: 'Bob', lastName: 'Baker' },
  admin: ADMIN,
} as const;
const PHONE_A = '01632 960001';

type SignedIn = Exclude<Actor, 'anonymous'>;

/** The records every row works on, made once per suite, and makers of fresh ones for rows that use them up. */
export class Fixtures {
  readonly server: TestServer;
  readonly clients = {} as Record<SignedIn, Client>;
  /** Session cookies for the multipart upload, which goes past Client (it sends JSON or text only). */
  readonly cookies = {} as Record<SignedIn, string>;
  bookingId = '';
  /** A's quote, marked 'quoted' by the admin. */
  quoteId = '';
  filename = '';
  #counter = 0;

  constructor(server: TestServer) {
    this.server = server;
  }

  /** Admin, A and B signed in; A's booking (with dates), quote (quoted), upload and a message on the booking. */
  static async create(server: TestServer): Promise<Fixtures> {
    const fx = new Fixtures(server);
    const admin = new Client(server.url);
    const login = await admin.loginAdmin();
    expect(login.status).toBe(200);
    fx.clients.admin = admin;
    fx.cookies.admin = sessionCookie(login);
    for (const actor of ['customerA', 'customerB'] as const) {
      const p = PEOPLE[actor];
      const client = new Client(server.url);
      const reg = await client.register(p.email, p.password, p.firstName, p.lastName);
      expect(reg.status).toBe(201);
      fx.clients[actor] = client;
      fx.cookies[actor] = sessionCookie(reg);
      // Both proved their addresses (a mailed link in real life), as settled customers have.
      await server.verifyEmail(p.email);
    }
    const a = fx.clients.customerA;
    const booking = await a.post('/api/bookings', bookingForm(PEOPLE.customerA.email, { phone: PHONE_A, startDate: fx.day(), finishDate: fx.day() }));
    expect(booking.status).toBe(201);
    fx.bookingId = booking.data.booking.id as string;
    fx.quoteId = await fx.quotedQuote();
    fx.filename = (await upload(server.url, fx.cookies.customerA, [png()])).data[0].filename as string;
    expect((await a.post(`/api/bookings/${fx.bookingId}/messages`, { content: 'When can you come?' })).status).toBe(201);
    return fx;
  }

  /** The actor's long-lived client; a fresh cookie-less one for anonymous. */
  client(actor: Actor): Client {
    return actor === 'anonymous' ? new Client(this.server.url) : this.clients[actor];
  }

  cookie(actor: Actor): string | null {
    return actor === 'anonymous' ? null : this.cookies[actor];
  }

  /** A throwaway client with a new session of the actor (one argon2 verification), for calls that end or replace it. */
  async signedIn(actor: Actor): Promise<{ client: Client; cookie: string | null }> {
    const client = new Client(this.server.url);
    if (actor === 'anonymous') return { client, cookie: null };
    const res = actor === 'admin' ? await client.loginAdmin() : await client.post('/api/auth/login', credentials(actor));
    expect(res.status).toBe(200);
    return { client, cookie: sessionCookie(res) };
  }

  unique(label: string): string {
    this.#counter += 1;
    return `${label}-${this.#counter}`;
  }

  /** A past calendar day no other call of the suite uses (a payment's day: each call then changes something). */
  pastDay(): string {
    this.#counter += 1;
    return daysAhead(-this.#counter);
  }

  /** A calendar day no other record of the suite uses, so bookings and conversions never clash. */
  day(): string {
    this.#counter += 1;
    return daysAhead(7 + this.#counter);
  }

  /** The actor's own email, or a new one for the anonymous visitor and the admin. */
  email(actor: Actor): string {
    return actor === 'customerA' || actor === 'customerB' ? PEOPLE[actor].email : `${this.unique('visitor')}@example.com`;
  }

  /** A new quote request A makes while signed in. */
  async quote(): Promise<string> {
    const res = await this.clients.customerA.post('/api/bookings', quoteForm({ email: PEOPLE.customerA.email, phone: PHONE_A, preferredDate: this.day() }));
    expect(res.status).toBe(201);
    return res.data.quote.id as string;
  }

  /** A new quote of A's that the admin has priced, so A can approve or decline it. */
  async quotedQuote(): Promise<string> {
    const id = await this.quote();
    const res = await this.clients.admin.request('PUT', `/api/quotes/${id}`, { json: { quoteStatus: 'quoted', estimatedCost: '450' } });
    expect(res.status).toBe(200);
    return id;
  }

  /** A new booking request of A's, still pending (so A may cancel it). */
  async pendingBooking(): Promise<string> {
    const res = await this.clients.customerA.post('/api/bookings', bookingForm(PEOPLE.customerA.email, { phone: PHONE_A, startDate: this.day(), finishDate: this.day() }));
    expect(res.status).toBe(201);
    return res.data.booking.id as string;
  }

  /** A new message of A's in the chat of A's booking (so the admin has a message to mark as needing no reply). */
  async customerMessage(): Promise<string> {
    const res = await this.clients.customerA.post(`/api/bookings/${this.bookingId}/messages`, { content: `Thanks, see you then ${this.unique('thanks')}` });
    expect(res.status).toBe(201);
    return res.data.id as string;
  }

  /** A new message of A's that the admin has marked as needing no reply (so the mark can be taken back). */
  async markedMessage(): Promise<string> {
    const messageId = await this.customerMessage();
    expect((await this.clients.admin.post(`/api/bookings/${this.bookingId}/no-reply-needed`, { messageId })).status).toBe(200);
    return messageId;
  }

  /** A new contact form message (an enquiry the admin can mark as answered). */
  async enquiry(): Promise<string> {
    const res = await new Client(this.server.url).post('/api/contacts', { firstName: 'Enid', email: `${this.unique('enquiry')}@example.com`, details: 'Do you cover Staines?' });
    expect(res.status).toBe(201);
    return res.data.id as string;
  }

  /** A new calendar feed token (revoking the previous one). */
  async feedToken(): Promise<string> {
    const res = await this.clients.admin.post('/api/calendar/token');
    expect(res.status).toBe(201);
    return /\/api\/calendar\/([^/]+)\.ics$/.exec(res.data.url as string)![1]!;
  }

  /** A live reset token of a new throwaway account (a customer's, or an admin's), read from the queued mail. */
  async resetToken(kind: 'customer' | 'admin'): Promise<string> {
    const email = `${this.unique(`reset-${kind}`)}@example.com`;
    const password = 'a-throwaway-passphrase';
    if (kind === 'admin') await createAdmin(this.server.storage, { email, password });
    else expect((await new Client(this.server.url).register(email, password)).status).toBe(201);
    const ask = kind === 'admin' ? '/api/password-reset/request' : '/api/auth/forgot-password';
    const before = lastMailId(this.server);
    expect((await new Client(this.server.url).post(ask, { email })).status).toBe(200);
    // From the outbox's files: once the sender has sent it, the row no longer holds the address or the text.
    const mail = (await mailSince(this.server, before)).find((m) => m.kind === 'password-reset' && m.to === email);
    return /\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  }
}

/** The actor's own sign-in; the anonymous visitor types A's. */
function credentials(actor: Actor): { email: string; password: string } {
  const p = actor === 'anonymous' ? PEOPLE.customerA : PEOPLE[actor];
  return { email: p.email, password: p.password };
}

/** The concrete path of a template: every `{name}` filled, URL-encoded. */
export function fill(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

/** The row's name in test titles: `POST /api/bookings (with dates)`. */
export function callName(call: ApiCall): string {
  return `${call.method} ${call.path}${call.variant ? ` (${call.variant})` : ''}`;
}

/** POSTs files as multipart/form-data (the browser's FormData) with a session cookie or none. */
export async function upload(
  base: string,
  cookie: string | null,
  files: Array<{ name: string; bytes: Buffer; type: string }>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = await fetch(`${base}/api/upload`, { method: 'POST', body: form, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, data, text };
}

/** A valid 1×1 grey PNG, built from the format's chunks. */
export function png(): { name: string; bytes: Buffer; type: string } {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name: 'socket.png', bytes, type: 'image/png' };
}

// ---- who may do what ----

const everyone = (access: Access): Record<Actor, Access> => ({ anonymous: access, customerA: access, customerB: access, admin: access });
const PUBLIC = everyone('allow');
const SIGNED_IN: Record<Actor, Access> = { anonymous: 401, customerA: 'allow', customerB: 'allow', admin: 'allow' };
const ADMIN_ONLY: Record<Actor, Access> = { anonymous: 401, customerA: 403, customerB: 403, admin: 'allow' };
/** A's records: A and the admin. */
const A_OR_ADMIN: Record<Actor, Access> = { anonymous: 401, customerA: 'allow', customerB: 403, admin: 'allow' };
/** A's answer to a quote: A only — the admin may not answer for the customer. */
const A_ONLY: Record<Actor, Access> = { anonymous: 401, customerA: 'allow', customerB: 403, admin: 403 };

// ---- the length bounds of each body (seed point 9, domain/limits.ts) ----

const PERSON = { firstName: LIMITS.name, lastName: LIMITS.name, email: LIMITS.email, phone: LIMITS.phone };
/** The price and scope a customer's answer to a quote says they saw. */
const ANSWER = { estimatedCost: LIMITS.estimatedCost, scope: LIMITS.scope };
const DATES = { startDate: LIMITS.date, finishDate: LIMITS.date, startTime: LIMITS.time, finishTime: LIMITS.time };
const BOOKING = {
  ...PERSON,
  ...DATES,
  serviceType: LIMITS.serviceType,
  preferredDate: LIMITS.date,
  preferredTime: LIMITS.time,
  address: LIMITS.address,
  description: LIMITS.description,
  status: LIMITS.status,
};
const LOGIN = { email: LIMITS.email, password: LIMITS.password };
const RESET_TOKEN = { token: LIMITS.resetToken };
/** A token of the right shape that nobody was ever given. */
const UNKNOWN_TOKEN = 'x'.repeat(43);
const NEW_PASSWORD = 'a-fresh-matrix-passphrase';

export const CALLS: readonly ApiCall[] = [
  { method: 'GET', path: '/api/health', access: PUBLIC, ok: 200, appends: [], body: 'none', request: () => ({}) },

  // ---- sign-in, sign-out, accounts ----
  {
    method: 'POST', path: '/api/login', variant: "the admin's credentials", access: PUBLIC, ok: 200, appends: [], body: 'json', ownSession: true,
    schema: LoginSchema, bounded: LOGIN, request: () => ({ json: { email: ADMIN.email, password: ADMIN.password } }),
  },
  {
    method: 'POST', path: '/api/login', variant: "a customer's credentials", access: everyone(403), codes: { 403: 'admin_required' }, ok: 200, appends: [],
    body: 'json', ownSession: true, schema: LoginSchema, bounded: LOGIN, request: () => ({ json: credentials('customerA') }),
  },
  { method: 'POST', path: '/api/logout', access: PUBLIC, ok: 200, appends: [], body: 'none', ownSession: true, request: () => ({}) },
  {
    method: 'POST', path: '/api/auth/register', access: PUBLIC, ok: 201, appends: ['UserRegistered', 'EmailVerificationRequested'], body: 'json', ownSession: true,
    schema: RegisterSchema, bounded: { firstName: LIMITS.name, lastName: LIMITS.name, ...LOGIN },
    request: (fx) => ({ json: { firstName: 'Newt', lastName: 'Newcomer', email: `${fx.unique('newcomer')}@example.com`, password: NEW_PASSWORD } }),
  },
  {
    method: 'POST', path: '/api/auth/login', access: PUBLIC, ok: 200, appends: [], body: 'json', ownSession: true, schema: LoginSchema, bounded: LOGIN,
    request: (_fx, actor) => ({ json: credentials(actor) }),
  },
  { method: 'POST', path: '/api/auth/logout', access: PUBLIC, ok: 200, appends: [], body: 'none', ownSession: true, request: () => ({}) },
  { method: 'GET', path: '/api/auth/me', access: SIGNED_IN, ok: 200, appends: [], body: 'none', request: () => ({}) },
  // The ids go in the query, which rows do not carry: asked with none, everyone hears which field is missing (the
  // answers for live, erased and unknown accounts are in tests/integration/account-gone.test.ts).
  {
    method: 'GET', path: '/api/auth/gone', variant: 'no ids', access: PUBLIC, ok: 400, codes: { 400: 'validation_failed' }, appends: [], body: 'none',
    request: () => ({}),
  },
  {
    method: 'POST', path: '/api/auth/verify-email', variant: 'unknown token', access: PUBLIC, ok: 400, codes: { 400: 'verification_token_invalid' },
    appends: [], body: 'json', schema: VerifyEmailSchema, bounded: { token: LIMITS.resetToken }, request: () => ({ json: { token: UNKNOWN_TOKEN } }),
  },
  // Every fixture account has proved its address already, so a resend appends nothing (the mailed flow is in auth.test.ts).
  { method: 'POST', path: '/api/auth/resend-verification', access: SIGNED_IN, ok: 200, appends: [], body: 'none', request: () => ({}) },

  // ---- bookings ----
  {
    method: 'POST', path: '/api/bookings', variant: 'quote form, no dates', access: PUBLIC, ok: 201, appends: ['QuoteRequested'], body: 'json',
    schema: CreateBookingSchema, bounded: { id: LIMITS.recordId, ...BOOKING }, request: (fx, actor) => ({ json: quoteForm({ email: fx.email(actor), preferredDate: fx.day() }) }),
  },
  {
    method: 'POST', path: '/api/bookings', variant: 'with dates', access: SIGNED_IN, ok: 201, appends: ['BookingRequested'], body: 'json',
    schema: CreateBookingSchema, bounded: { id: LIMITS.recordId, ...BOOKING },
    request: (fx, actor) => {
      const day = fx.day();
      return { json: bookingForm(fx.email(actor), { startDate: day, finishDate: day }) };
    },
  },
  { method: 'GET', path: '/api/bookings', access: ADMIN_ONLY, ok: 200, appends: [], body: 'none', request: () => ({}) },
  {
    method: 'GET', path: '/api/bookings/user/{email}', access: A_OR_ADMIN, ok: 200, appends: [], body: 'none',
    request: () => ({ params: { email: PEOPLE.customerA.email } }),
  },
  { method: 'GET', path: '/api/bookings/{id}', access: A_OR_ADMIN, ok: 200, appends: [], body: 'none', request: (fx) => ({ params: { id: fx.bookingId } }) },
  {
    method: 'PATCH', path: '/api/bookings/{id}', access: ADMIN_ONLY, ok: 200, appends: ['BookingDetailsChanged'], body: 'json',
    schema: UpdateBookingSchema, bounded: BOOKING,
    request: (fx) => ({ params: { id: fx.bookingId }, json: { description: `Sockets, revised ${fx.unique('note')}` } }),
  },
  // The electrician's own notes on A's job: the admin only, never its customer (ADR 026).
  {
    method: 'PUT', path: '/api/bookings/{id}/notes', access: ADMIN_ONLY, ok: 200, appends: ['BookingNotesChanged'], body: 'json',
    schema: BookingNotesSchema, bounded: { notes: LIMITS.notes, notesBefore: LIMITS.notes },
    request: (fx) => ({ params: { id: fx.bookingId }, json: { notes: `Key under the mat, ${fx.unique('notes')}` } }),
  },
  // A's job marked paid: the admin's book-keeping, never its customer's.
  {
    method: 'PUT', path: '/api/bookings/{id}/payment', access: ADMIN_ONLY, ok: 200, appends: ['BookingPaymentRecorded'], body: 'json',
    schema: BookingPaymentSchema, bounded: { paidOn: LIMITS.date },
    request: (fx) => ({ params: { id: fx.bookingId }, json: { paid: true, method: 'bank_transfer', paidOn: fx.pastDay() } }),
  },
  // A's own request, withdrawn while pending: A only (the admin changes a status with PATCH).
  {
    method: 'POST', path: '/api/bookings/{id}/cancel', access: A_ONLY, ok: 200, appends: ['BookingStatusChanged'], body: 'none',
    request: async (fx) => ({ params: { id: await fx.pendingBooking() } }),
  },
  // A's own request, moved to another day while pending: A only (the admin changes dates with PATCH).
  {
    method: 'POST', path: '/api/bookings/{id}/dates', access: A_ONLY, ok: 200, appends: ['BookingDetailsChanged'], body: 'json', schema: RequestDatesSchema, bounded: DATES,
    request: async (fx) => {
      const day = fx.day();
      return { params: { id: await fx.pendingBooking() }, json: { startDate: day, finishDate: day, startTime: '10:00', finishTime: '12:00' } };
    },
  },
  { method: 'GET', path: '/api/bookings/{id}/history', access: ADMIN_ONLY, ok: 200, appends: [], body: 'none', request: (fx) => ({ params: { id: fx.bookingId } }) },
  {
    method: 'GET', path: '/api/bookings/{id}', variant: 'as an .ics file', access: A_OR_ADMIN, ok: 200, appends: [], body: 'none',
    request: (fx) => ({ params: { id: `${fx.bookingId}.ics` } }),
  },
  {
    method: 'GET', path: '/api/bookings/{id}/timeline', access: A_OR_ADMIN, ok: 200, appends: [], body: 'none',
    request: (fx) => ({ params: { id: fx.bookingId } }),
  },

  // ---- messages ----
  { method: 'GET', path: '/api/bookings/{id}/messages', access: A_OR_ADMIN, ok: 200, appends: [], body: 'none', request: (fx) => ({ params: { id: fx.bookingId } }) },
  {
    method: 'POST', path: '/api/bookings/{id}/messages', access: A_OR_ADMIN, ok: 201, appends: ['MessagePosted'], body: 'json', schema: PostMessageSchema,
    bounded: { id: LIMITS.recordId, content: LIMITS.messageContent, senderName: LIMITS.senderName },
    request: (fx) => ({ params: { id: fx.bookingId }, json: { content: 'Is Tuesday morning all right?' } }),
  },
  // The admin's own mark on a chat: a fresh customer message each time, so each allowed call appends.
  {
    method: 'POST', path: '/api/bookings/{id}/no-reply-needed', access: ADMIN_ONLY, ok: 200, appends: ['ChatMarkedNoReplyNeeded'], body: 'json',
    schema: NoReplyNeededSchema, bounded: { messageId: LIMITS.recordId },
    request: async (fx) => ({ params: { id: fx.bookingId }, json: { messageId: await fx.customerMessage() } }),
  },
  // Taking the mark back: a freshly marked message each time, so each allowed call appends.
  {
    method: 'POST', path: '/api/bookings/{id}/reply-needed', access: ADMIN_ONLY, ok: 200, appends: ['ChatMarkedReplyNeeded'], body: 'json',
    schema: ReplyNeededSchema, bounded: { messageId: LIMITS.recordId },
    request: async (fx) => ({ params: { id: fx.bookingId }, json: { messageId: await fx.markedMessage() } }),
  },
  { method: 'GET', path: '/api/all-messages', access: ADMIN_ONLY, ok: 200, appends: [], body: 'none', request: () => ({}) },

  // ---- the devices' sync feed ----
  { method: 'GET', path: '/api/sync', access: SIGNED_IN, ok: 200, appends: [], body: 'none', request: () => ({}) },

  // ---- quotes ----
  { method: 'GET', path: '/api/quotes', access: ADMIN_ONLY, ok: 200, appends: [], body: 'none', request: () => ({}) },
  { method: 'GET', path: '/api/quotes/mine', access: SIGNED_IN, ok: 200, appends: [], body: 'none', request: () => ({}) },
  {
    method: 'PUT', path: '/api/quotes/{id}', access: ADMIN_ONLY, ok: 200, appends: ['QuoteRevised'], body: 'json', schema: UpdateQuoteSchema,
    bounded: { notes: LIMITS.notes, scope: LIMITS.scope, estimatedCost: LIMITS.estimatedCost, quoteStatus: LIMITS.status, priority: LIMITS.priority, followUpDate: LIMITS.date },
    // Made on the version a new quote has (ADR 030): each sender edits a quote of its own, so no edit is stale.
    request: async (fx) => ({ params: { id: await fx.quote() }, json: { notes: `Call first ${fx.unique('note')}`, expectedVersion: 1 } }),
  },
  {
    method: 'DELETE', path: '/api/quotes/{id}', access: ADMIN_ONLY, ok: 200, appends: ['QuoteDeleted'], body: 'none',
    request: async (fx) => ({ params: { id: await fx.quote() } }),
  },
  {
    method: 'POST', path: '/api/quotes/{id}/convert', access: ADMIN_ONLY, ok: 201, appends: ['QuoteConverted', 'BookingRequested'], body: 'optional-json',
    schema: ConvertQuoteSchema, bounded: { bookingId: LIMITS.recordId, ...DATES }, request: async (fx) => ({ params: { id: await fx.quote() } }),
  },
  {
    method: 'POST', path: '/api/quotes/{id}/approve', access: A_ONLY, ok: 200, appends: ['QuoteAnswered'], body: 'optional-json',
    schema: AnswerQuoteSchema, bounded: ANSWER, request: async (fx) => ({ params: { id: await fx.quotedQuote() }, json: { estimatedCost: '450', scope: null } }),
  },
  {
    method: 'POST', path: '/api/quotes/{id}/decline', access: A_ONLY, ok: 200, appends: ['QuoteAnswered'], body: 'optional-json',
    schema: AnswerQuoteSchema, bounded: ANSWER, request: async (fx) => ({ params: { id: await fx.quotedQuote() }, json: { estimatedCost: '450', scope: null } }),
  },

  // ---- the customer's own account (UK GDPR access and erasure) ----
  { method: 'GET', path: '/api/account/export', access: SIGNED_IN, ok: 200, appends: [], body: 'none', request: () => ({}) },
  // A new surname each time, so each actor's call appends (first names stay as they were).
  {
    method: 'POST', path: '/api/account/name', access: SIGNED_IN, ok: 200, appends: ['UserRenamed'], body: 'json', schema: RenameAccountSchema,
    bounded: { firstName: LIMITS.name, lastName: LIMITS.name },
    request: (fx, actor) => ({ json: { firstName: actor === 'customerA' || actor === 'customerB' ? PEOPLE[actor].firstName : 'Admin', lastName: fx.unique('Renamed') } }),
  },
  // A link to a fresh address each time: the account moves only when it is opened (email-change.test.ts opens it).
  {
    method: 'POST', path: '/api/account/email', access: SIGNED_IN, ok: 200, appends: ['EmailChangeRequested'], body: 'json', schema: ChangeEmailSchema,
    bounded: { email: LIMITS.email, currentPassword: LIMITS.password },
    request: (fx, actor) => ({ json: { email: `${fx.unique('moved')}@example.com`, currentPassword: actor === 'anonymous' ? 'a-visitor-guess' : PEOPLE[actor].password } }),
  },
  // The same request again under its Idempotency-Key, as a phone whose answer was lost sends it: the first one's answer,
  // no second link (account-replays.test.ts). The first goes as the actor too, so a visitor's was refused and so is this.
  {
    method: 'POST', path: '/api/account/email', variant: 'sent again under its Idempotency-Key', access: SIGNED_IN, ok: 200, appends: [], body: 'json',
    schema: ChangeEmailSchema, bounded: { email: LIMITS.email, currentPassword: LIMITS.password },
    request: async (fx, actor) => {
      const json = { email: `${fx.unique('again')}@example.com`, currentPassword: actor === 'anonymous' ? 'a-visitor-guess' : PEOPLE[actor].password };
      const headers = { 'Idempotency-Key': randomUUID() };
      const first = await fx.client(actor).post('/api/account/email', json, headers);
      expect(first.status).toBe(actor === 'anonymous' ? 401 : 200);
      return { json, headers };
    },
  },
  // A change would sign the matrix's other sessions out: here a wrong current password (account.test.ts changes it for real).
  {
    method: 'POST', path: '/api/account/password', variant: 'a wrong current password', access: SIGNED_IN,
    ok: 400, codes: { 400: 'password_incorrect' }, appends: [], body: 'json', schema: ChangePasswordSchema,
    bounded: { currentPassword: LIMITS.password, newPassword: LIMITS.password },
    request: () => ({ json: { currentPassword: 'not-the-right-passphrase', newPassword: 'a brand new passphrase' } }),
  },
  // The erasure itself would erase the matrix's customers: here a wrong password (account.test.ts erases for real).
  {
    method: 'POST', path: '/api/account/delete', variant: 'a wrong password', access: { anonymous: 401, customerA: 'allow', customerB: 'allow', admin: 403 },
    ok: 400, codes: { 400: 'password_incorrect' }, appends: [], body: 'json', schema: DeleteAccountSchema, bounded: { password: LIMITS.password },
    request: () => ({ json: { password: 'not-the-right-passphrase' } }),
  },

  // ---- enquiries ----
  { method: 'GET', path: '/api/contacts', access: ADMIN_ONLY, ok: 200, appends: [], body: 'none', request: () => ({}) },
  {
    method: 'POST', path: '/api/contacts', access: PUBLIC, ok: 201, appends: ['ContactCreated'], body: 'json', schema: CreateContactSchema,
    bounded: { id: LIMITS.recordId, ...PERSON, service: LIMITS.serviceType, details: LIMITS.details },
    request: (fx, actor) => ({ json: { firstName: 'Connie', lastName: 'Contact', email: fx.email(actor), phone: '01632 960002', service: 'EICR', details: 'Do you cover Egham?' } }),
  },
  // The admin's own mark on an enquiry: a fresh one each time, so each allowed call appends.
  {
    method: 'POST', path: '/api/contacts/{id}/answered', access: ADMIN_ONLY, ok: 200, appends: ['EnquiryMarkedAnswered'], body: 'json', schema: MarkAnsweredSchema,
    request: async (fx) => ({ params: { id: await fx.enquiry() }, json: { answered: true } }),
  },
  {
    // A device's outbox sending what waited: each call in it runs as it would alone (tests/integration/batch.test.ts).
    method: 'POST', path: '/api/batch', access: PUBLIC, ok: 200, appends: ['ContactCreated'], body: 'json', schema: BatchSchema,
    request: (fx, actor) => ({
      json: {
        requests: [
          { id: randomUUID(), method: 'POST', path: '/api/contacts', body: { firstName: 'Bea', lastName: 'Batch', email: fx.email(actor), phone: '01632 960004', service: 'EICR', details: 'Sent when back online' } },
        ],
      },
    }),
  },
  {
    method: 'POST', path: '/api/support/request', access: PUBLIC, ok: 201, appends: ['SupportRequested'], body: 'json', schema: SupportRequestSchema,
    bounded: { id: LIMITS.recordId, name: LIMITS.name, email: LIMITS.email, phone: LIMITS.phone, description: LIMITS.description, bookingReference: LIMITS.name },
    request: (fx, actor) => ({
      json: { name: 'Sam Support', email: fx.email(actor), phone: '01632 960003', issueType: 'login', description: 'I cannot sign in to the portal', bookingReference: null },
    }),
  },
  {
    method: 'POST', path: '/api/support/lookup', access: PUBLIC, ok: 200, appends: [], body: 'json', schema: SupportLookupSchema,
    bounded: { email: LIMITS.email, phone: LIMITS.phone }, request: () => ({ json: { email: PEOPLE.customerA.email, phone: PHONE_A } }),
  },
  { method: 'GET', path: '/api/support/requests', access: ADMIN_ONLY, ok: 200, appends: [], body: 'none', request: () => ({}) },

  // ---- files ----
  { method: 'POST', path: '/api/upload', access: SIGNED_IN, ok: 201, appends: ['FileUploaded'], body: 'multipart', request: () => ({ files: [png()] }) },
  { method: 'GET', path: '/uploads/{filename}', access: A_OR_ADMIN, ok: 200, appends: [], body: 'none', request: (fx) => ({ params: { filename: fx.filename } }) },

  // ---- password reset: the token is the credential, so no session rule; the admin flow takes admins' tokens only ----
  {
    method: 'POST', path: '/api/auth/forgot-password', access: PUBLIC, ok: 200, appends: ['PasswordResetRequested'], body: 'json',
    schema: ForgotPasswordSchema, bounded: { email: LIMITS.email }, request: () => ({ json: { email: PEOPLE.customerA.email } }),
  },
  {
    method: 'POST', path: '/api/auth/reset-password', variant: 'unknown token', access: PUBLIC, ok: 400, codes: { 400: 'reset_token_invalid' }, appends: [],
    body: 'json', schema: CustomerResetSchema, bounded: { ...RESET_TOKEN, password: LIMITS.password },
    request: () => ({ json: { token: UNKNOWN_TOKEN, password: NEW_PASSWORD } }),
  },
  {
    method: 'POST', path: '/api/auth/reset-password', variant: 'a live token', access: PUBLIC, ok: 200, appends: ['PasswordResetCompleted', 'EmailVerified'], body: 'json',
    schema: CustomerResetSchema, bounded: { ...RESET_TOKEN, password: LIMITS.password },
    request: async (fx) => ({ json: { token: await fx.resetToken('customer'), password: NEW_PASSWORD } }),
  },
  // Whether a link still works, asked as its page opens: nothing appended either way.
  {
    method: 'POST', path: '/api/auth/reset-password/check', variant: 'unknown token', access: PUBLIC, ok: 400, codes: { 400: 'reset_token_invalid' }, appends: [],
    body: 'json', schema: ResetTokenSchema, bounded: RESET_TOKEN, request: () => ({ json: { token: UNKNOWN_TOKEN } }),
  },
  {
    method: 'POST', path: '/api/auth/reset-password/check', variant: 'a live token', access: PUBLIC, ok: 200, appends: [], body: 'json',
    schema: ResetTokenSchema, bounded: RESET_TOKEN, request: async (fx) => ({ json: { token: await fx.resetToken('customer') } }),
  },
  {
    method: 'POST', path: '/api/password-reset/check', variant: "a customer's live token", access: PUBLIC, ok: 400, codes: { 400: 'reset_token_invalid' }, appends: [],
    body: 'json', schema: ResetTokenSchema, bounded: RESET_TOKEN, request: async (fx) => ({ json: { token: await fx.resetToken('customer') } }),
  },
  {
    method: 'POST', path: '/api/password-reset/check', variant: "an admin's live token", access: PUBLIC, ok: 200, appends: [], body: 'json',
    schema: ResetTokenSchema, bounded: RESET_TOKEN, request: async (fx) => ({ json: { token: await fx.resetToken('admin') } }),
  },
  {
    method: 'POST', path: '/api/password-reset/request', access: PUBLIC, ok: 200, appends: ['PasswordResetRequested'], body: 'json',
    schema: ForgotPasswordSchema, bounded: { email: LIMITS.email }, request: () => ({ json: { email: ADMIN.email } }),
  },
  {
    method: 'POST', path: '/api/password-reset/reset', variant: 'unknown token', access: PUBLIC, ok: 400, codes: { 400: 'reset_token_invalid' }, appends: [],
    body: 'json', schema: AdminResetSchema, bounded: { ...RESET_TOKEN, newPassword: LIMITS.password },
    request: () => ({ json: { token: UNKNOWN_TOKEN, newPassword: NEW_PASSWORD } }),
  },
  {
    method: 'POST', path: '/api/password-reset/reset', variant: "a customer's live token", access: PUBLIC, ok: 400, codes: { 400: 'reset_token_invalid' },
    appends: [], body: 'json', schema: AdminResetSchema, bounded: { ...RESET_TOKEN, newPassword: LIMITS.password },
    request: async (fx) => ({ json: { token: await fx.resetToken('customer'), newPassword: NEW_PASSWORD } }),
  },
  {
    method: 'POST', path: '/api/password-reset/reset', variant: "an admin's live token", access: PUBLIC, ok: 200, appends: ['PasswordResetCompleted'],
    body: 'json', schema: AdminResetSchema, bounded: { ...RESET_TOKEN, newPassword: LIMITS.password },
    request: async (fx) => ({ json: { token: await fx.resetToken('admin'), newPassword: NEW_PASSWORD } }),
  },

  // ---- calendar ----
  { method: 'POST', path: '/api/calendar/token', access: ADMIN_ONLY, ok: 201, appends: ['CalendarFeedTokenRotated'], body: 'none', request: () => ({}) },
  {
    method: 'DELETE', path: '/api/calendar/token', access: ADMIN_ONLY, ok: 200, appends: ['CalendarFeedTurnedOff'], body: 'none',
    // A feed to turn off.
    request: async (fx) => {
      await fx.feedToken();
      return {};
    },
  },
  { method: 'GET', path: '/api/calendar/status', access: ADMIN_ONLY, ok: 200, appends: [], body: 'none', request: () => ({}) },
  {
    method: 'GET', path: '/api/calendar/{token}.ics', access: PUBLIC, ok: 200, appends: [], body: 'none',
    request: async (fx) => ({ params: { token: await fx.feedToken() } }),
  },

  // ---- people (the admin's person page) ----
  {
    method: 'POST', path: '/api/people/erase', access: ADMIN_ONLY, ok: 200, appends: [], body: 'json', schema: ErasePersonSchema,
    bounded: { email: LIMITS.email, phone: LIMITS.phone }, request: (fx) => ({ json: { email: `${fx.unique('erase')}@example.com` } }),
  },

  // ---- developer tools: development only ----
  { method: 'GET', path: '/api/debug-auth', access: everyone(404), ok: 200, appends: [], body: 'none', devOnly: true, request: () => ({}) },
  { method: 'GET', path: '/api/dev/outbox', access: everyone(404), ok: 200, appends: [], body: 'none', devOnly: true, request: () => ({}) },
];
