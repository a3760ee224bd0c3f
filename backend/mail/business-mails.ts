import { BUSINESS } from '#domain/business.ts';
import { closedHolidays, joinWords } from '#domain/content/shared.ts';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { dayWords, scheduleWords } from '#domain/history.ts';
import { formatPounds } from '#domain/money.ts';
import { bookingReference } from '#domain/reference.ts';
import type { MailLine, OutgoingMail } from '#data/mail-outbox.ts';
import { composeForBusiness, filesLine, filesWords, fullName, what, type RequestSummary } from './compose.ts';

// Mails to the business (BUSINESS_EMAIL): what customers and visitors ask, say and do.

/**
 * The last line of every mail to the business about something the Admin Portal shows: where to act on it. In this
 * and the mails below, a booking is named by its reference (domain/reference.ts), as its customer's card shows it.
 */
const adminLine = (adminUrl: string, what: string): string => `${what} in the Admin Portal: ${adminUrl}`;

/**
 * The bank holidays among a request's days, which the business is closed on (closedHolidays): 'Bank holiday: Christmas
 * Day (Fri 25 Dec 2026)', a substitute day as such. The customer was told as they picked the day; the electrician
 * reading the mail on the road knows then to suggest another one before opening the portal. None: no line.
 */
function holidayLines(startDate: string | null | undefined, finishDate: string | null | undefined): MailLine[] {
  const holidays = closedHolidays(startDate ?? null, finishDate ?? null);
  if (holidays.length === 0) return [];
  const named = holidays.map((holiday) => `${holiday.name} (${holiday.substitute ? 'substitute day, ' : ''}${dayWords(holiday.day)})`);
  return [[holidays.length === 1 ? 'Bank holiday' : 'Bank holidays', `${joinWords(named)}: we are closed`]];
}

/** To the business: a new quote or booking request. */
export function newRequest(to: string, r: RequestSummary, adminUrl: string): OutgoingMail {
  return composeForBusiness('new-request', to, `New ${what(r)}: ${serviceTypeLabel(r.serviceType)} — ${fullName(r)}`, `A new ${what(r)} has arrived.`, [
    ['Name', fullName(r)],
    ['Email', r.email],
    ['Phone', r.phone],
    ['Service', serviceTypeLabel(r.serviceType)],
    ['Address', r.address],
    // A quote request has a preferred day, a booking request its dates: the one it has, not a "—" for the other.
    ...(r.preferredDate ? [['Preferred date', dayWords(r.preferredDate)] as MailLine] : []),
    ...(r.startDate ? [['Dates', scheduleWords(r)] as MailLine] : []),
    ...holidayLines(r.startDate ?? r.preferredDate, r.startDate ? r.finishDate : null),
    ['Details', r.description],
    ...(filesWords(r) ? [['Files', `${filesWords(r)}, to open in the Admin Portal`] as MailLine] : []),
    ...(r.kind === 'booking' && r.id ? [['Reference', bookingReference(r.id)] as MailLine] : []),
    adminLine(adminUrl, r.kind === 'quote' ? 'Price it' : 'Confirm it'),
  ], r.email);
}

/** A booking as the mails to the business about a customer's change name it. */
type BookingForBusiness = {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  serviceType: string;
  startDate: string | null;
  finishDate: string | null;
  startTime: string | null;
  finishTime: string | null;
};

/** Who, how to reach them, and which job: the first lines of the business's mails about a customer's change. */
function customerLines(b: BookingForBusiness): MailLine[] {
  return [['Name', fullName(b)], ['Email', b.email], ['Phone', b.phone], ['Service', serviceTypeLabel(b.serviceType)]];
}

/** To the business: a customer withdrew a booking request before it was confirmed. */
export function requestCancelled(to: string, b: BookingForBusiness, adminUrl: string): OutgoingMail {
  return composeForBusiness('request-cancelled', to, `Booking request cancelled: ${serviceTypeLabel(b.serviceType)} — ${fullName(b)}`, 'A customer cancelled their booking request before it was confirmed.', [
    ...customerLines(b),
    ['Dates', scheduleWords(b)],
    ['Reference', bookingReference(b.id)],
    adminLine(adminUrl, 'It is'),
  ], b.email);
}

/** To the business: a customer moved their booking request to other days or hours before it was confirmed. */
export function requestMoved(
  to: string,
  b: BookingForBusiness,
  was: { startDate: string | null; finishDate: string | null; startTime: string | null; finishTime: string | null },
  adminUrl: string,
): OutgoingMail {
  return composeForBusiness('request-moved', to, `Booking request moved: ${serviceTypeLabel(b.serviceType)} — ${fullName(b)}`, 'A customer changed the dates of their booking request before it was confirmed.', [
    ...customerLines(b),
    ['New dates', scheduleWords(b)],
    ...holidayLines(b.startDate, b.finishDate),
    ['It was', scheduleWords(was)],
    ['Reference', bookingReference(b.id)],
    adminLine(adminUrl, 'Confirm it'),
  ], b.email);
}

/** A booked job as a mail may name it without its customer: what, when, which. */
export type BookedJob = { id: string; serviceType: string; status: string; startDate: string | null; finishDate: string | null; startTime: string | null; finishTime: string | null };

/**
 * To the business: a customer deleted their account. Their details are erased straight after, so the mail carries
 * nothing personal: the jobs still booked for them by reference, service and dates (settled when the customer calls, as
 * the deletion asked them to), and how
 * many open requests were withdrawn.
 */
export function accountDeleted(to: string, d: { jobs: readonly BookedJob[]; bookingRequests: number; quoteRequests: number; adminUrl: string }): OutgoingMail {
  const n = d.jobs.length;
  const count = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
  const withdrawn = [
    ...(d.bookingRequests > 0 ? [count(d.bookingRequests, 'booking request')] : []),
    ...(d.quoteRequests > 0 ? [count(d.quoteRequests, 'quote request')] : []),
  ];
  const subject = n > 0 ? `A customer deleted their account: ${count(n, 'booked job')} to settle` : 'A customer deleted their account';
  return composeForBusiness('account-deleted', to, subject, 'A customer deleted their account, and their personal details have been erased.', [
    ...(n > 0
      ? [
          `${n === 1 ? 'This job was' : 'These jobs were'} booked for them and ${n === 1 ? 'stays' : 'stay'} in the Admin Portal, without their name or contact details:`,
          ...d.jobs.map((job): MailLine => [`Reference ${bookingReference(job.id)}`, `${serviceTypeLabel(job.serviceType)}, ${scheduleWords(job) ?? 'no dates'} (${job.status.replace(/_/g, ' ')})`]),
          // Not "settle them by phone": there is no number left to ring. The customer was asked, as they deleted it, to call us.
          `We no longer hold their details, so we cannot contact them. They were asked to call us on ${BUSINESS.phone} to keep, move or cancel ${n === 1 ? 'it' : 'them'}: when they do, find ${n === 1 ? 'it' : 'each'} by the reference above.`,
        ]
      : []),
    ...(withdrawn.length > 0 ? [`Their ${withdrawn.join(' and ')} still waiting for an answer ${d.bookingRequests + d.quoteRequests === 1 ? 'was' : 'were'} withdrawn.`] : []),
    adminLine(d.adminUrl, n > 0 ? 'The jobs are' : 'The withdrawn requests are'),
  ]);
}

/** To the business: a customer wrote about a booking. */
export function newMessage(
  to: string,
  m: { senderName: string; content: string; serviceType: string; bookingId: string; files?: number; email?: string | null },
  adminUrl: string,
): OutgoingMail {
  return composeForBusiness('new-message', to, `New message from ${m.senderName} about ${serviceTypeLabel(m.serviceType)}`, 'A customer sent a message.', [
    ['From', m.senderName],
    ['Booking', `${serviceTypeLabel(m.serviceType)}, reference ${bookingReference(m.bookingId)}`],
    // A field, as the customer's other words are in the business's mails: a line of prose would turn a web address
    // they typed into a link, in mail from the business's own site.
    ['Message', m.content],
    ...(m.files ? [filesLine(m.files, 'in the chat in the Admin Portal')] : []),
    adminLine(adminUrl, 'Reply'),
  ], m.email);
}

/** To the business: a customer approved or declined a quoted price online. */
export function quoteAnswered(
  to: string,
  q: {
    firstName: string;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    serviceType: string;
    estimatedCost: string | null;
    address: string | null;
    preferredDate: string | null;
  },
  answer: 'approved' | 'rejected',
  adminUrl: string,
): OutgoingMail {
  const approved = answer === 'approved';
  return composeForBusiness(
    'quote-answered',
    to,
    `Quote ${approved ? 'approved' : 'declined'}: ${serviceTypeLabel(q.serviceType)} — ${fullName(q)}`,
    approved ? 'A customer approved the price we quoted.' : 'A customer declined the price we quoted.',
    [
      ['Name', fullName(q)],
      ['Email', q.email],
      ['Phone', q.phone],
      ['Service', serviceTypeLabel(q.serviceType)],
      ['Estimated cost', formatPounds(q.estimatedCost)],
      // Where and when the customer asked for: an approved quote's next step is booking the work.
      ...(q.address ? [['Address', q.address] as MailLine] : []),
      ...(q.preferredDate ? [['Preferred date', dayWords(q.preferredDate)] as MailLine] : []),
      approved ? `Book the work from the quote in the Admin Portal: ${adminUrl}` : `The quote is in the Admin Portal: ${adminUrl}`,
    ],
    q.email,
  );
}

/**
 * To the business: a contact form enquiry or a support request, with where the Admin Portal shows it (under Contacts,
 * the person's page: a mail lost in a spam folder loses nothing).
 */
export function enquiry(
  to: string,
  kind: 'contact' | 'support',
  fields: Array<[string, string | null | undefined]>,
  { replyTo, adminUrl }: { replyTo: string | null; adminUrl?: string },
): OutgoingMail {
  const subject = kind === 'contact' ? 'New enquiry from the website' : 'New support request';
  const lines: MailLine[] = [...fields, ...(adminUrl ? [adminLine(adminUrl, 'It is under Contacts')] : [])];
  return composeForBusiness(kind === 'contact' ? 'new-contact' : 'new-support-request', to, subject, `${subject}:`, lines, replyTo);
}
