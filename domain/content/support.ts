import { BUSINESS } from '../business.ts';
import type { PageMeta } from './shared.ts';

/** The Client Support page's head; in its own module so the page does not load every page's copy. */
export const SUPPORT_META: PageMeta = {
  title: `Client Support | ${BUSINESS.name}`,
  description: `Help with your account or bookings: reset your password, find your bookings or contact our team. We reply ${BUSINESS.replyPromise}.`,
  keywords: ['customer support', 'find my booking', 'reset password', BUSINESS.name],
};

/** The Client Support page's three cards (seed point 2). */
export const SUPPORT_CARDS = [
  { key: 'reset', title: 'Reset your password', text: 'We will email you a link to choose a new password. It works once and expires after 1 hour.' },
  { key: 'lookup', title: 'Find my bookings', text: 'Look up your bookings with the email address and phone number you gave us.' },
  { key: 'contact', title: 'Contact us directly', text: `Call ${BUSINESS.phone} or email ${BUSINESS.email}. We reply ${BUSINESS.replyPromise}.` },
] as const;

