import { BUSINESS } from '#domain/business.ts';
import { offeredServiceLabel, serviceTypeLabel } from '#domain/content/service-types.ts';
import { dayWords, scheduleWords } from '#domain/history.ts';
import { portalLink, signUpLink } from '#domain/links.ts';
import { formatPounds } from '#domain/money.ts';
import { bookingReference } from '#domain/reference.ts';
import type { MailLine, OutgoingMail } from '#data/mail-outbox.ts';
import { compose, filesLine, filesWords, what, type RequestSummary } from './compose.ts';

// Mails to a customer about their requests, bookings and quotes.

/**
 * To the customer: we have it, when they will hear from us, and what they sent (a receipt: a day or a number typed
 * wrong is caught now, not on the day). The words typed (address, details) only to an account's own proven address
 * (`echoText`): to an address a visitor typed, the receipt would relay anyone's text to anyone. In this and the mails
 * below, a service is named as people read it ('Rewiring', by serviceTypeLabel), whether the form sent the portal's
 * key or a label.
 */
export function requestReceived(to: string, r: RequestSummary, echoText: boolean): OutgoingMail {
  const sent: MailLine[] = [
    ...(echoText && r.address ? [['Address', r.address] as MailLine] : []),
    ...(r.preferredDate ? [['Preferred date', dayWords(r.preferredDate)] as MailLine] : []),
    ...(r.startDate ? [['Dates', scheduleWords(r)] as MailLine] : []),
    ...(r.phone ? [['Phone', r.phone] as MailLine] : []),
    ...(echoText && r.description ? [['Details', r.description] as MailLine] : []),
    ...(filesWords(r) ? [['Files', filesWords(r)] as MailLine] : []),
    ...(r.kind === 'booking' && r.id ? [['Reference', bookingReference(r.id)] as MailLine] : []),
  ];
  // A service the forms do not offer is named back only to a proven address: any other text, with a web address in it,
  // was a link in the business's mail to a stranger.
  const service = echoText ? serviceTypeLabel(r.serviceType) : offeredServiceLabel(r.serviceType);
  return compose('request-received', to, `We have your ${what(r)} — ${BUSINESS.name}`, `Hello ${r.firstName},`, [
    `Thank you for your ${what(r)}${service ? ` for ${service}` : ''}. We will be in touch ${BUSINESS.replyPromise}.`,
    ...(sent.length > 0 ? ['What you sent us:', ...sent] : []),
    `If anything is wrong, call us on ${BUSINESS.phone} or write to ${BUSINESS.email}. For an emergency, call us any time.`,
  ]);
}

/**
 * To whoever wrote through the contact form or asked for support: we have it, and when they will hear from us. Nothing
 * they typed but the name they gave (as the quote's receipt to an address a visitor typed): the message itself, to any
 * address, would relay anyone's text from the business's domain. A contact form's writer heard nothing, and could not
 * tell, once off the page, whether it had arrived.
 */
export function enquiryReceived(to: string, name: string, kind: 'contact' | 'support'): OutgoingMail {
  const what = kind === 'contact' ? 'message' : 'support request';
  return compose('enquiry-received', to, `We have your ${what} — ${BUSINESS.name}`, `Hello ${name},`, [
    `Thank you for your ${what}. We will be in touch ${BUSINESS.replyPromise}, by email or by phone.`,
    `If it cannot wait, call us on ${BUSINESS.phone}. For an emergency, call us any time.`,
  ]);
}

/** To the customer: the business replied. */
export function adminReply(
  to: string,
  m: { firstName: string; content: string; serviceType: string; bookingId: string; files?: number; reply: boolean },
  portal: { url: string; hasAccount: boolean },
): OutgoingMail {
  const service = serviceTypeLabel(m.serviceType);
  // A reply to what they wrote, or the business writing first (about a job booked on the phone, say).
  const subject = m.reply ? `A reply about your ${service} booking — ${BUSINESS.name}` : `A message about your ${service} booking — ${BUSINESS.name}`;
  // The chat itself for an account under this address; without one, how to make one (the link would open a sign-in
  // for an account they do not have), or simply to answer by mail or phone.
  const chat = portalLink(portal.url, { tab: 'bookings', chat: m.bookingId });
  return compose('admin-reply', to, subject, `Hello ${m.firstName},`, [
    m.reply ? 'We have replied to your message:' : `We have sent you a message about your ${service} booking:`,
    m.content,
    ...(m.files ? [filesLine(m.files, portal.hasAccount ? 'in the chat in your customer portal' : 'in the chat, with an account (below)')] : []),
    portal.hasAccount
      ? `You can read and answer it in your customer portal: ${chat}`
      : `You can answer by replying to this email or calling us. To keep the conversation online, create an account with this email address: ${signUpLink(portal.url, { tab: 'bookings', chat: m.bookingId }, to)}`,
  ]);
}

/** A booking as the mails to its customer about it name it. */
export type BookingNewsFacts = {
  id: string;
  firstName: string;
  serviceType: string;
  address: string | null;
  startDate: string | null;
  finishDate: string | null;
  startTime: string | null;
  finishTime: string | null;
};

/** When, where and which: the lines every mail about a booking's news carries. */
function jobLines(b: BookingNewsFacts): MailLine[] {
  return [['When', scheduleWords(b)], ...(b.address ? [['Where', b.address] as MailLine] : []), ['Reference', bookingReference(b.id)]];
}

/** A mail with the booking's calendar file (made when it is sent: backend/mail/calendar-attachment.ts). */
function withCalendar(mail: OutgoingMail, bookingId: string): OutgoingMail {
  return { ...mail, body: { ...mail.body, calendar: { bookingId } } };
}

const CALENDAR_LINE = 'The calendar file with this email puts it in your calendar.';

/** How to follow the booking: its card in My Bookings for an account's booking, else how to make one that shows it. */
function followLine(portal: { url: string; hasAccount: boolean }, to: string, bookingId: string): string {
  const place = { tab: 'bookings', booking: bookingId } as const;
  return portal.hasAccount
    ? `You can follow it and send us a message about it in your customer portal: ${portalLink(portal.url, place)}`
    : `To follow it online, create an account with this email address: ${signUpLink(portal.url, place, to)}`;
}

/**
 * To the customer: the business confirmed their booking (or booked it for them: on the phone, from a quote). `was`:
 * the days and hours the request asked for, when the business moved it as it confirmed it.
 */
export function bookingConfirmed(to: string, b: BookingNewsFacts, portal: { url: string; hasAccount: boolean }, was?: BookingNewsFacts | null): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  const mail = compose('booking-confirmed', to, `Your booking is confirmed: ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    was ? `We have confirmed your booking for ${service}, at a different time from the one you asked for.` : `We have confirmed your booking for ${service}.`,
    ...jobLines(b),
    ...(was ? [['You asked for', scheduleWords(was)] as MailLine] : []),
    CALENDAR_LINE,
    followLine(portal, to, b.id),
    `To change anything, call us on ${BUSINESS.phone}.`,
  ]);
  return withCalendar(mail, b.id);
}

/** What a move changed, as its mail says it: the dates, or only the hours of the same days. */
function moved(b: BookingNewsFacts, was: BookingNewsFacts): 'dates' | 'times' {
  return b.startDate === was.startDate && b.finishDate === was.finishDate ? 'times' : 'dates';
}

/** To the customer: a booked job (confirmed or under way) has new days or hours (and the ones it had, so they know which). */
export function bookingRescheduled(to: string, b: BookingNewsFacts, portal: { url: string; hasAccount: boolean }, was: BookingNewsFacts): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  const what = moved(b, was);
  const mail = compose('booking-rescheduled', to, `New ${what} for your booking: ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `We have changed the ${what} of your booking for ${service}.`,
    [`New ${what}`, scheduleWords(b)],
    ['Previously', scheduleWords(was)],
    ...(b.address ? [['Where', b.address] as MailLine] : []),
    ['Reference', bookingReference(b.id)],
    'Open the calendar file with this email to update the booking in your calendar.',
    followLine(portal, to, b.id),
    `If the new ${what} do not suit you, call us on ${BUSINESS.phone}.`,
  ]);
  return withCalendar(mail, b.id);
}

/**
 * To the customer: the business moved their booking request, still waiting to be confirmed, to other days or hours
 * (the confirmation would otherwise name days they never asked for). No calendar file: nothing is booked yet. The
 * address as in requestWithdrawn.
 */
export function requestRescheduled(to: string, b: BookingNewsFacts, was: BookingNewsFacts, portal: { url: string; hasAccount: boolean }, echoText: boolean): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  const what = moved(b, was);
  return compose('request-rescheduled', to, `New ${what} for your booking request: ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `We have changed the ${what} of your booking request for ${service}. We will write again once we have confirmed it.`,
    [`New ${what}`, scheduleWords(b)],
    ['Previously', scheduleWords(was)],
    ...(echoText && b.address ? [['Where', b.address] as MailLine] : []),
    ['Reference', bookingReference(b.id)],
    followLine(portal, to, b.id),
    `If the new ${what} do not suit you, call us on ${BUSINESS.phone}.`,
  ]);
}

/**
 * To the customer: the business cannot take their booking request (cancelled while it waited to be confirmed). Not
 * "your booking is cancelled": it was never booked, nor put in their calendar. The address as in requestWithdrawn.
 */
export function requestDeclined(to: string, b: BookingNewsFacts, echoText: boolean): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  return compose('request-declined', to, `We cannot take your booking request: ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `We are sorry: we cannot take on your booking request for ${service} at the time you asked for.`,
    ...jobLines(echoText ? b : { ...b, address: null }),
    `If another day would suit you, call us on ${BUSINESS.phone} and we will find one together.`,
  ]);
}

/** To the customer, the day before their booked job (backend/reminders.ts). */
export function bookingReminder(to: string, b: BookingNewsFacts, portal: { url: string; hasAccount: boolean }): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  return compose('booking-reminder', to, `Tomorrow: your booking for ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `A reminder that your booking for ${service} starts tomorrow.`,
    ...jobLines(b),
    'Someone will need to let us in, and we may need to turn the power off for a while.',
    followLine(portal, to, b.id),
    `If the day no longer suits you, please call us on ${BUSINESS.phone} as soon as you can.`,
  ]);
}

/** To the customer: the business cancelled their booking. */
export function bookingCancelled(to: string, b: BookingNewsFacts): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  const mail = compose('booking-cancelled', to, `Your booking is cancelled: ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `We have cancelled your booking for ${service}:`,
    ...jobLines(b),
    'The calendar file with this email marks it as cancelled in your calendar, if you added it there.',
    `If you did not expect this, or would like another date, call us on ${BUSINESS.phone}.`,
  ]);
  return withCalendar(mail, b.id);
}

/**
 * To the customer: they withdrew their own booking request in their portal (the business hears of it too). A record
 * of what they did, and a way back if it was not them, or a slip. The address they typed only to an account's own
 * proven address (`echoText`), as in the receipt: nobody else's business sends it on otherwise.
 */
export function requestWithdrawn(to: string, b: BookingNewsFacts, echoText: boolean): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  return compose('request-withdrawn', to, `Your booking request is cancelled: ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `As you asked in your customer portal, we have cancelled your booking request for ${service}.`,
    ...jobLines(echoText ? b : { ...b, address: null }),
    `If you did not cancel it, or would like to book again, call us on ${BUSINESS.phone}.`,
  ]);
}

/**
 * To the customer: they moved their own booking request to other days or hours in their portal. It still waits for
 * the business to confirm it, which the next mail will say. The address as in requestWithdrawn.
 */
export function requestMovedByYou(to: string, b: BookingNewsFacts, was: BookingNewsFacts, portal: { url: string; hasAccount: boolean }, echoText: boolean): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  const what = moved(b, was);
  return compose('request-moved-by-you', to, `New ${what} for your booking request: ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `You changed the ${what} of your booking request for ${service}. We will write again once we have confirmed it.`,
    [`New ${what}`, scheduleWords(b)],
    ['Previously', scheduleWords(was)],
    ...(echoText && b.address ? [['Where', b.address] as MailLine] : []),
    ['Reference', bookingReference(b.id)],
    followLine(portal, to, b.id),
    `If you did not change them, call us on ${BUSINESS.phone}.`,
  ]);
}

type QuoteFacts = { id: string; firstName: string; serviceType: string; estimatedCost: string | null; scope?: string | null };

/** What the price includes, when the business said (a line of its own, as the portal shows it). */
const scopeLines = (q: QuoteFacts): MailLine[] => (q.scope ? [['What the price includes', q.scope]] : []);

/** How to answer a quote: its card in My Quotes for an account, else how to make one that shows it. */
function answerLine(portal: { url: string; hasAccount: boolean }, to: string, quoteId: string): string {
  const place = { tab: 'quotes', quote: quoteId } as const;
  return portal.hasAccount
    ? `Sign in to approve or decline it: ${portalLink(portal.url, place)}`
    : `To approve or decline it online, create an account with this email address: ${signUpLink(portal.url, place, to)}`;
}

/** A quote's price as a customer reads it: '£450.00 (including VAT)' (BUSINESS.priceIncludes); null for none. */
function quotedPrice(cost: string | null | undefined): string | null {
  const pounds = formatPounds(cost);
  return pounds && `${pounds} (${BUSINESS.priceIncludes})`;
}

/** To the customer: their quote has a price and waits for their answer. */
export function quoteReady(to: string, q: QuoteFacts, portal: { url: string; hasAccount: boolean }): OutgoingMail {
  return compose('quote-ready', to, `Your quote for ${serviceTypeLabel(q.serviceType)} — ${BUSINESS.name}`, `Hello ${q.firstName},`, [
    `Your quote for ${serviceTypeLabel(q.serviceType)} is ready.`,
    ['Estimated cost', quotedPrice(q.estimatedCost)],
    ...scopeLines(q),
    answerLine(portal, to, q.id),
    `Or call us on ${BUSINESS.phone}.`,
  ]);
}

/** To the customer: the price of a quote waiting for their answer changed (they may have read the old one). */
export function quotePriceChanged(to: string, q: QuoteFacts, previousCost: string | null, portal: { url: string; hasAccount: boolean }): OutgoingMail {
  const service = serviceTypeLabel(q.serviceType);
  return compose('quote-price-changed', to, `New price for your quote: ${service} — ${BUSINESS.name}`, `Hello ${q.firstName},`, [
    `We have changed the price of your quote for ${service}. Please look at the new price before you answer.`,
    ['New estimated cost', quotedPrice(q.estimatedCost)],
    ...(previousCost ? [['Previously', quotedPrice(previousCost)] as MailLine] : []),
    ...scopeLines(q),
    answerLine(portal, to, q.id),
    `Or call us on ${BUSINESS.phone}.`,
  ]);
}

/**
 * To the customer: their answer to a quote, in writing. An approval is the price agreed (what it was and what it
 * includes, should anyone ask later) and what happens next; a decline, thanks and the way back.
 */
export function quoteAnswerReceived(to: string, q: QuoteFacts, answer: 'approved' | 'rejected'): OutgoingMail {
  const service = serviceTypeLabel(q.serviceType);
  const approved = answer === 'approved';
  return compose(
    'quote-answer-received',
    to,
    `${approved ? 'You approved' : 'You declined'} our quote for ${service} — ${BUSINESS.name}`,
    `Hello ${q.firstName},`,
    approved
      ? [
          `Thank you for approving our quote for ${service}. We will be in touch ${BUSINESS.replyPromise} to agree a date for the work.`,
          ['Estimated cost', quotedPrice(q.estimatedCost)],
          ...scopeLines(q),
          `If you did not approve it, or have a question, call us on ${BUSINESS.phone}.`,
        ]
      : [
          `You declined our quote for ${service}. Thank you for letting us know.`,
          ['Estimated cost', quotedPrice(q.estimatedCost)],
          `If you change your mind or would like to talk it over, call us on ${BUSINESS.phone}.`,
        ],
  );
}
