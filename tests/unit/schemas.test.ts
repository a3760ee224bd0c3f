import { describe, expect, it } from 'vitest';
import { LoginSchema, RegisterSchema } from '#domain/schemas/auth.ts';
import { CreateBookingSchema, UpdateBookingSchema } from '#domain/schemas/booking.ts';
import { AnswerQuoteSchema, UpdateQuoteSchema } from '#domain/schemas/quote.ts';
import { isIsoDate } from '#domain/schemas/fields.ts';

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('CreateBookingSchema', () => {
  const quoteForm = {
    firstName: 'Ann',
    lastName: 'Smith',
    email: 'Ann@Example.com ',
    phone: '01632 960001',
    serviceType: 'Electrical Installation',
    preferredDate: '2026-12-01',
    address: '1 Example Road',
    description: 'New sockets',
  };

  it('accepts the public quote form and normalises it', () => {
    const v = CreateBookingSchema.parse(quoteForm);
    expect(v.email).toBe('ann@example.com');
    expect(v.attachments).toEqual([]);
    expect(v.startDate).toBeNull();
  });

  it("uses the seed's messages", () => {
    const r = CreateBookingSchema.safeParse({ ...quoteForm, firstName: '  ', serviceType: '', email: 'nope' });
    expect(messages(r)).toEqual({
      firstName: 'First name is required',
      serviceType: 'Service type is required',
      email: 'Please enter a valid email',
    });
    expect(messages(CreateBookingSchema.safeParse({ serviceType: 'x' }))).toEqual({ firstName: 'First name is required' });
  });

  it('allows an empty email, as the seed does, when there is a phone', () => {
    expect(CreateBookingSchema.parse({ ...quoteForm, email: '' }).email).toBeNull();
  });

  it('wants an email or a phone on a quote request, naming both fields', () => {
    const noWay = { firstName: 'Ann', serviceType: 'Electrical Installation', email: '', phone: '' };
    expect(messages(CreateBookingSchema.safeParse(noWay))).toEqual({
      email: 'Please give an email or a phone number so we can reply',
      phone: 'Please give an email or a phone number so we can reply',
    });
    expect(CreateBookingSchema.safeParse({ ...noWay, email: 'ann@example.com' }).success).toBe(true);
    expect(CreateBookingSchema.safeParse({ ...noWay, phone: '01632 960001' }).success).toBe(true);
    // Alongside the seed's own messages, so the visitor sees every problem at once.
    expect(Object.keys(messages(CreateBookingSchema.safeParse({ ...noWay, firstName: '' })))).toEqual(['firstName', 'email', 'phone']);
  });

  it('lets a booking with dates (a signed-in customer or the admin) go without an email or a phone', () => {
    expect(CreateBookingSchema.safeParse({ firstName: 'Ann', serviceType: 'rewiring', startDate: '2026-12-01', finishDate: '2026-12-01' }).success).toBe(true);
  });

  it('wants at least 10 digits in a phone number', () => {
    for (const phone of ['12', '01632 9600', '+44 (0)16']) {
      expect(messages(CreateBookingSchema.safeParse({ ...quoteForm, phone })), phone).toEqual({ phone: 'Please enter a valid phone number' });
    }
    for (const phone of ['01632 960001', '+44 1632 960001', '(01632) 960-001']) expect(CreateBookingSchema.safeParse({ ...quoteForm, phone }).success, phone).toBe(true);
  });

  it('enforces the seed lengths', () => {
    const r = CreateBookingSchema.safeParse({ ...quoteForm, firstName: 'a'.repeat(101), phone: '1'.repeat(21), serviceType: 's'.repeat(101) });
    expect(Object.keys(messages(r)).sort()).toEqual(['firstName', 'phone', 'serviceType']);
  });

  it('takes a name on one line, without a web address, naming the field (a name is the greeting of a mail to any address)', () => {
    // A lone half of a surrogate pair is no letter: it made encodeURIComponent throw where a name went into a link.
    for (const firstName of ['Ann\nYour parcel is held', 'Ann\tSmith', 'Pay at https://evil.example', 'see www.evil.example', 'Ann\ud800']) {
      expect(messages(CreateBookingSchema.safeParse({ ...quoteForm, firstName }))).toEqual({ firstName: 'Please enter just a name, on one line' });
    }
    expect(messages(CreateBookingSchema.safeParse({ ...quoteForm, lastName: 'Smith\r\nBcc: x' }))).toEqual({ lastName: 'Please enter just a name, on one line' });
    expect(messages(RegisterSchema.safeParse({ firstName: 'Ann', lastName: 'http://x.example', email: 'ann@example.com', password: 'a-long-passphrase' }))).toEqual({
      lastName: 'Please enter just a name, on one line',
    });
    // Names as people have them.
    for (const firstName of ["Siobhán O'Neill-Smith", 'Zoë', 'J. R.', '  Ann  ']) expect(CreateBookingSchema.safeParse({ ...quoteForm, firstName }).success).toBe(true);
  });

  it('names unknown fields', () => {
    const r = CreateBookingSchema.safeParse({ ...quoteForm, isAdmin: true });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('wants both dates or neither, finishing on or after the start', () => {
    expect(messages(CreateBookingSchema.safeParse({ ...quoteForm, startDate: '2026-12-01' }))).toEqual({ finishDate: 'Please select dates' });
    expect(messages(CreateBookingSchema.safeParse({ ...quoteForm, startDate: '2026-12-02', finishDate: '2026-12-01' }))).toHaveProperty('finishDate');
    expect(messages(CreateBookingSchema.safeParse({ ...quoteForm, startDate: '2026-02-30', finishDate: '2026-03-01' }))).toHaveProperty('startDate');
  });

  it('reads attachments as JSON text, a list, or null', () => {
    const file = { filename: 'a1b2c3.pdf', originalname: 'plan.pdf', size: 1200 };
    expect(CreateBookingSchema.parse({ ...quoteForm, attachments: JSON.stringify([file]) }).attachments).toEqual([file]);
    expect(CreateBookingSchema.parse({ ...quoteForm, attachments: [file] }).attachments).toEqual([file]);
    expect(CreateBookingSchema.parse({ ...quoteForm, attachments: null }).attachments).toEqual([]);
    expect(CreateBookingSchema.safeParse({ ...quoteForm, attachments: '{not json' }).success).toBe(false);
    expect(CreateBookingSchema.safeParse({ ...quoteForm, attachments: [{ ...file, filename: '../etc/passwd' }] }).success).toBe(false);
  });
});

describe('UpdateBookingSchema', () => {
  it('makes every field optional', () => {
    expect(UpdateBookingSchema.parse({ status: 'completed' })).toEqual({ status: 'completed' });
    expect(UpdateBookingSchema.safeParse({ status: 'done' }).success).toBe(false);
  });
});

describe('auth schemas', () => {
  it('asks for at least 8 characters and refuses the most common passwords', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@example.com' };
    expect(messages(RegisterSchema.safeParse({ ...base, password: 'short' }))).toEqual({ password: 'Password must be at least 8 characters' });
    expect(RegisterSchema.safeParse({ ...base, password: 'Password123' }).success).toBe(false);
    expect(RegisterSchema.safeParse({ ...base, password: 'x'.repeat(64) }).success).toBe(true);
  });
  it('does not apply the new-password rules at sign-in', () => {
    expect(LoginSchema.safeParse({ email: 'a@example.com', password: 'old' }).success).toBe(true);
    expect(messages(LoginSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('UpdateQuoteSchema', () => {
  it('takes pounds as people write them', () => {
    expect(UpdateQuoteSchema.parse({ estimatedCost: '£1,200.50' }).estimatedCost).toBe('1200.50');
    // A space after the pound sign, or between thousands, as people type on a phone.
    expect(UpdateQuoteSchema.parse({ estimatedCost: '£ 275.50' }).estimatedCost).toBe('275.50');
    expect(UpdateQuoteSchema.parse({ estimatedCost: '1 250' }).estimatedCost).toBe('1250');
    expect(UpdateQuoteSchema.safeParse({ estimatedCost: 'lots' }).success).toBe(false);
    expect(UpdateQuoteSchema.safeParse({ priority: 'urgent' }).success).toBe(false);
  });
  it('takes a comma only between thousands: "12,50" (a European keypad’s decimal comma) is not £1,250', () => {
    expect(UpdateQuoteSchema.parse({ estimatedCost: '1,250,000.50' }).estimatedCost).toBe('1250000.50');
    expect(UpdateQuoteSchema.parse({ estimatedCost: '£ 1,250' }).estimatedCost).toBe('1250');
    for (const typed of ['12,50', '1,2,3', '1250,00', ',450'])
      expect(messages(UpdateQuoteSchema.safeParse({ estimatedCost: typed })), typed).toEqual({ estimatedCost: 'Enter an amount in pounds, like 450 or 450.00' });
  });
  it('refuses a price of nothing: the customer would be asked to approve £0.00', () => {
    for (const typed of ['0', '0.00', '£0'])
      expect(messages(UpdateQuoteSchema.safeParse({ estimatedCost: typed })), typed).toEqual({ estimatedCost: 'Enter an amount of more than £0' });
    expect(UpdateQuoteSchema.parse({ estimatedCost: '0.50' }).estimatedCost).toBe('0.50');
    // A quote priced £0 before this rule is still answered: the price is the one the customer's screen showed.
    expect(AnswerQuoteSchema.parse({ estimatedCost: '0' }).estimatedCost).toBe('0');
  });
  it('refuses Quoted with the price emptied in the same call, on the price (the form shows it before sending)', () => {
    const price = 'Enter the estimated cost before setting the status to Quoted';
    expect(messages(UpdateQuoteSchema.safeParse({ quoteStatus: 'quoted', estimatedCost: '' }))).toEqual({ estimatedCost: price });
    expect(messages(UpdateQuoteSchema.safeParse({ quoteStatus: 'quoted', estimatedCost: null }))).toEqual({ estimatedCost: price });
    // No price sent: the stored one may do (the decider knows).
    expect(UpdateQuoteSchema.safeParse({ quoteStatus: 'quoted' }).success).toBe(true);
    expect(UpdateQuoteSchema.safeParse({ quoteStatus: 'quoted', estimatedCost: '450' }).success).toBe(true);
    expect(UpdateQuoteSchema.safeParse({ quoteStatus: 'pending', estimatedCost: '' }).success).toBe(true);
  });
});

describe('isIsoDate', () => {
  it('knows real days', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('01/12/2026')).toBe(false);
  });
});
