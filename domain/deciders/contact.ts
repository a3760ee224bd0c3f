import { ConflictError } from '../errors.ts';
import type { ContactCreated, EnquiryMarkedAnswered, EnquiryMarkedUnanswered } from '../events.ts';
import type { Decider } from './decider.ts';

export type ContactState = { status: 'none' } | { status: 'created'; contactId: string };
export type CreateContact = { type: 'CreateContact'; data: ContactCreated['data'] };

/** The details text that marks a contact made from a booking (the admin's Contacts tab tells them apart by it). */
export function autoContactDetails(serviceType: string): string {
  return `Auto-created from booking: ${serviceType}`;
}

/**
 * Whether a contact is an enquiry, someone who wrote to us (the contact form, a support request), with something to
 * answer; not one made from a booking or quote request (by its source, or, the seed's way, by its details' words).
 */
export function isEnquiry(contact: { readonly source: string; readonly details: string }): boolean {
  return contact.source !== 'booking' && !contact.details.startsWith('Auto-created from booking');
}

export const contactDecider: Decider<ContactState, CreateContact, ContactCreated> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: 'created', contactId: event.data.contactId }),
  decide: (command, state) => {
    if (state.status === 'created') throw new ConflictError('contact_exists', 'This contact already exists');
    return [{ type: 'ContactCreated', data: command.data }];
  },
};

export type EnquiryState = { answered: boolean };
export type MarkEnquiry = { type: 'MarkAnswered' | 'MarkUnanswered'; data: { contactId: string } };

/**
 * The admin's mark on an enquiry (its own stream, `enquiry-<id>`: the message or support request itself is never
 * changed): answered, or waiting for an answer again. Marking it as it already is appends nothing, so a repeat, or
 * the same mark made on two devices, is one event. Which contacts are enquiries is the command's to check (a contact
 * made from a booking has nothing to answer).
 */
export const enquiryDecider: Decider<EnquiryState, MarkEnquiry, EnquiryMarkedAnswered | EnquiryMarkedUnanswered> = {
  initialState: () => ({ answered: false }),
  evolve: (_state, event) => ({ answered: event.type === 'EnquiryMarkedAnswered' }),
  decide: (command, state) => {
    const answered = command.type === 'MarkAnswered';
    if (state.answered === answered) return [];
    return [{ type: answered ? 'EnquiryMarkedAnswered' : 'EnquiryMarkedUnanswered', data: { contactId: command.data.contactId } }];
  },
};
