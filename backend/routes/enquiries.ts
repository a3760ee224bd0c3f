import Router from '@koa/router';
import { contactDecider } from '#domain/deciders/contact.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { supportDecider } from '#domain/deciders/records.ts';
import { personSubject } from '#domain/events.ts';
import { CreateContactSchema } from '#domain/schemas/contact.ts';
import { SupportLookupSchema, SupportRequestSchema, phoneDigits } from '#domain/schemas/support.ts';
import { MailOutbox } from '#data/mail-outbox.ts';
import type { AppDeps } from '../deps.ts';
import { commandContext } from '../http/command-context.ts';
import { isHoneypotFilled } from '../http/honeypot.ts';
import { adminOnly } from '../http/session.ts';
import { parseBody } from '../http/validate.ts';
import { enquiry } from '../mail/templates.ts';

/** The public contact form, support requests and the booking lookup of /support. */
export function enquiryRoutes({ storage, clock, config, mailer, limits }: AppDeps): Router {
  const router = new Router();
  const { queries, bus } = storage;

  router.get('/api/contacts', adminOnly(queries), (ctx) => {
    ctx.body = queries.contacts();
  });

  router.post('/api/contacts', limits.perIp('submit'), async (ctx) => {
    if (isHoneypotFilled(ctx)) return;
    const input = parseBody(ctx, CreateContactSchema);
    const { result, replayed } = await bus.execute(commandContext(ctx, bus, queries, clock()), (uow) => {
      const { id, ...details } = input;
      const contactId = uow.newId(id, streamId.contact);
      const stream = streamId.contact(contactId);
      uow.handle(stream, contactDecider, { type: 'CreateContact', data: { contactId, ...details, source: 'form' } }, { expectedVersion: 0, subject: personSubject(input.email, stream) });
      new MailOutbox(uow.db).enqueue(
        enquiry(config.mail.businessEmail, 'contact', [
          ['Name', `${input.firstName} ${input.lastName ?? ''}`.trim()],
          ['Email', input.email],
          ['Phone', input.phone],
          ['Service', input.service],
          ['Message', input.details],
        ]),
        new Date(uow.metadata.time),
      );
      return { id: contactId };
    });
    void mailer.wake();
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = queries.contacts().find((c) => c.id === result.id) ?? null;
  });

  router.post('/api/support/request', limits.perIp('submit'), async (ctx) => {
    const input = parseBody(ctx, SupportRequestSchema);
    const { result, replayed } = await bus.execute(commandContext(ctx, bus, queries, clock()), (uow) => {
      const { id, ...request } = input;
      const requestId = uow.newId(id, streamId.support);
      const stream = streamId.support(requestId);
      uow.handle(stream, supportDecider, { type: 'SubmitSupportRequest', data: { requestId, ...request } }, { expectedVersion: 0, subject: personSubject(input.email, stream) });
      new MailOutbox(uow.db).enqueue(
        enquiry(config.mail.businessEmail, 'support', [
          ['Name', input.name],
          ['Email', input.email],
          ['Phone', input.phone],
          ['Issue', input.issueType],
          ['Booking reference', input.bookingReference],
          ['Details', input.description],
        ]),
        new Date(uow.metadata.time),
      );
      return { id: requestId };
    });
    void mailer.wake();
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = { id: result.id, message: 'Support request submitted' };
  });

  router.get('/api/support/requests', adminOnly(queries), (ctx) => {
    ctx.body = queries.supportRequests();
  });

  /**
   * Finds bookings without signing in, when the e-mail and the phone both match the same bookings. Quote
   * requests (the home page's form) match the same way and come back as `quoteRequests`, so a visitor who
   * asked for a quote finds it too. Answers what the support page shows and nothing more: status, service, the
   * booked dates and the day it was sent (`createdAt`, a date) — never ids, times, addresses, notes, prices or
   * names. Rate-limited per IP and per e-mail.
   */
  router.post('/api/support/lookup', limits.perIp('lookup'), async (ctx) => {
    const { email, phone } = parseBody(ctx, SupportLookupSchema);
    await limits.checkAccount('lookup', ctx, email);
    const digits = phoneDigits(phone);
    const matches = (record: { email: string | null; phone: string | null }): boolean => record.email === email && digits !== '' && phoneDigits(record.phone) === digits;
    const bookings = queries
      .bookingsForCustomer(email, null)
      .filter(matches)
      .map((b) => ({ status: b.status, serviceType: b.serviceType, startDate: b.startDate, finishDate: b.finishDate, createdAt: b.createdAt.slice(0, 10) }));
    const quoteRequests = queries
      .quotesForCustomer(email, null)
      .filter(matches)
      .map((q) => ({ status: q.quoteStatus, serviceType: q.serviceType, createdAt: q.createdAt.slice(0, 10) }));
    if (bookings.length === 0 && quoteRequests.length === 0) await limits.countAccount('lookup', ctx, email);
    ctx.body = { bookings, quoteRequests };
  });

  return router;
}
