import { ConflictError } from '../errors.ts';
import type { ContactCreated } from '../events.ts';
import type { Decider } from './decider.ts';

export type ContactState = { status: 'none' } | { status: 'created'; contactId: string };
export type CreateContact = { type: 'CreateContact'; data: ContactCreated['data'] };

/** The details text that marks a contact made from a booking (the admin's Contacts tab tells them apart by it). */
export function autoContactDetails(serviceType: string): string {
  return `Auto-created from booking: ${serviceType}`;
}

export const contactDecider: Decider<ContactState, CreateContact, ContactCreated> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: 'created', contactId: event.data.contactId }),
  decide: (command, state) => {
    if (state.status === 'created') throw new ConflictError('contact_exists', 'This contact already exists');
    return [{ type: 'ContactCreated', data: command.data }];
  },
};
