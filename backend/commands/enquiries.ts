import { contactDecider, enquiryDecider, isEnquiry } from '#domain/deciders/contact.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { supportDecider } from '#domain/deciders/records.ts';
import { personSubject } from '#domain/events.ts';
import type { CreateContactInput, MarkAnsweredInput } from '#domain/schemas/contact.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import { ISSUE_LABELS, type SupportRequestInput } from '#domain/schemas/support.ts';
import { enquiry, enquiryReceived } from '../mail/templates.ts';
import { adminUrl } from './bookings.ts';
import type { Command } from './unit.ts';

/** `POST /api/contacts`, the contact form: a contact, a mail to the business, and a receipt to the writer. */
export const createContact: Command<CreateContactInput, { id: string }> = (uow, { id, ...details }) => {
  const contactId = uow.newId(id, streamId.contact);
  const stream = streamId.contact(contactId);
  uow.handle(stream, contactDecider, { type: 'CreateContact', data: { contactId, ...details, source: 'form' } }, { expectedVersion: 0, subject: personSubject(details.email, stream) });
  if (uow.settings.businessEmail) {
    uow.mail.queue(
      enquiry(uow.settings.businessEmail, 'contact', [
        ['Name', `${details.firstName} ${details.lastName ?? ''}`.trim()],
        ['Email', details.email],
        ['Phone', details.phone],
        ['Service', details.service],
        ['Message', details.details],
      ], { replyTo: details.email, adminUrl: adminUrl(uow, { tab: 'contacts', person: contactId }) }),
    );
  }
  uow.mail.queue(enquiryReceived(details.email, details.firstName, 'contact'));
  return { id: contactId };
};

/** `POST /api/support/request`: a support request, a mail to the business, and a receipt to the writer. */
export const submitSupportRequest: Command<SupportRequestInput, { id: string }> = (uow, { id, ...request }) => {
  const requestId = uow.newId(id, streamId.support);
  const stream = streamId.support(requestId);
  uow.handle(stream, supportDecider, { type: 'SubmitSupportRequest', data: { requestId, ...request } }, { expectedVersion: 0, subject: personSubject(request.email, stream) });
  if (uow.settings.businessEmail) {
    uow.mail.queue(
      enquiry(uow.settings.businessEmail, 'support', [
        ['Name', request.name],
        ['Email', request.email],
        ['Phone', request.phone],
        ['Issue', ISSUE_LABELS[request.issueType]],
        ['Booking reference', request.bookingReference],
        ['Details', request.description],
      ], { replyTo: request.email, adminUrl: adminUrl(uow, { tab: 'contacts', person: requestId }) }),
    );
  }
  uow.mail.queue(enquiryReceived(request.email, request.name, 'support'));
  return { id: requestId };
};

/**
 * `POST /api/contacts/{id}/answered` (the admin, domain/policy.ts `contact.mark`): a contact form message or a support
 * request answered (they rang or wrote back), or waiting for an answer again. Nobody is mailed. A contact made from a
 * booking has nothing to answer (its job and chat are where it is worked on): refused.
 */
export const markAnswered: Command<MarkAnsweredInput & { contactId: string }, { contactId: string }> = (uow, { contactId, answered }) => {
  const contact = uow.queries.contact(contactId);
  if (!contact) throw new NotFoundError('contact');
  if (!isEnquiry(contact)) throw new ConflictError('not_an_enquiry', 'Only a message or a support request can be marked as answered');
  uow.handle(streamId.enquiry(contactId), enquiryDecider, { type: answered ? 'MarkAnswered' : 'MarkUnanswered', data: { contactId } });
  return { contactId };
};
