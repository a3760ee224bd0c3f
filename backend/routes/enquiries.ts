import Router from '@koa/router';
import { CreateContactSchema, MarkAnsweredSchema, type CreateContactInput, type MarkAnsweredInput } from '#domain/schemas/contact.ts';
import { phoneDigits } from '#domain/phone.ts';
import { bookingReference } from '#domain/reference.ts';
import { SupportLookupSchema, SupportRequestSchema, type SupportRequestInput } from '#domain/schemas/support.ts';
import { createContact, markAnswered, submitSupportRequest } from '../commands/enquiries.ts';
import type { AppDeps } from '../deps.ts';
import { allow, commandRoute, input, validate } from '../http/command.ts';
import { honeypot } from '../http/honeypot.ts';
import { parseBody } from '../http/validate.ts';

/** The public contact form, support requests and the booking lookup of /support. */
export function enquiryRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { storage, limits } = deps;
  const { queries } = storage;

  deps.reads.route(router, { path: '/api/contacts', action: 'contacts.list', scope: () => null, produce: 'contacts' });

  router.post(
    '/api/contacts',
    limits.perIp('submit'),
    honeypot,
    validate(CreateContactSchema),
    commandRoute(deps, {
      command: createContact,
      input: (ctx) => input<CreateContactInput>(ctx),
      status: 201,
      answer: (result) => queries.contact(result.id) ?? null,
    }),
  );

  // The admin only: an enquiry answered, or waiting for an answer again. Answers the contact as it now is (the admin's
  // devices keep it in their copy, answeredAt and all).
  router.post(
    '/api/contacts/:id/answered',
    allow(storage, 'contact.mark'),
    validate(MarkAnsweredSchema),
    commandRoute(deps, {
      command: markAnswered,
      input: (ctx) => ({ ...input<MarkAnsweredInput>(ctx), contactId: ctx.params['id'] ?? '' }),
      answer: (result) => queries.contact(result.contactId) ?? null,
    }),
  );

  router.post(
    '/api/support/request',
    limits.perIp('submit'),
    validate(SupportRequestSchema),
    commandRoute(deps, {
      command: submitSupportRequest,
      input: (ctx) => input<SupportRequestInput>(ctx),
      status: 201,
      answer: (result) => ({ id: result.id, message: 'Support request submitted' }),
    }),
  );

  deps.reads.route(router, { path: '/api/support/requests', action: 'support.list', scope: () => null, produce: 'supportRequests' });

  /**
   * Finds bookings without signing in, when the email and the phone both match the same bookings. Quote
   * requests (the home page's form) match the same way and come back as `quoteRequests`, so a visitor who
   * asked for a quote finds it too. Answers what the support page shows and nothing more: status, service, the
   * booked dates, the day it was sent (`createdAt`, a date) and a booking's reference, which the support request
   * form below asks for (the last characters of its id, as its customer's card and calendar file show it) — never
   * ids, times, addresses, notes, prices or names. Rate-limited per IP and per email.
   */
  router.post('/api/support/lookup', limits.perIp('lookup'), async (ctx) => {
    const { email, phone } = parseBody(ctx, SupportLookupSchema);
    await limits.checkAccount('lookup', ctx, email);
    const digits = phoneDigits(phone);
    const matches = (record: { email: string | null; phone: string | null }): boolean =>
      record.email === email && digits !== '' && phoneDigits(record.phone) === digits;
    const bookings = queries
      .bookingsForCustomer(email, null)
      .filter(matches)
      .map((b) => ({
        status: b.status,
        serviceType: b.serviceType,
        startDate: b.startDate,
        finishDate: b.finishDate,
        createdAt: b.createdAt.slice(0, 10),
        reference: bookingReference(b.id),
      }));
    const quoteRequests = queries
      .quotesForCustomer(email, null)
      .filter(matches)
      .map((q) => ({ status: q.quoteStatus, serviceType: q.serviceType, createdAt: q.createdAt.slice(0, 10) }));
    if (bookings.length === 0 && quoteRequests.length === 0) await limits.countAccount('lookup', ctx, email);
    ctx.body = { bookings, quoteRequests };
  });

  return router;
}
