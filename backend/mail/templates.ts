import { BUSINESS } from '#domain/business.ts';
import { serviceTypeLabel } from '#domain/content/services.ts';
import { dayWords, scheduleWords } from '#domain/history.ts';
import { formatPounds } from '#domain/money.ts';
import { bookingReference } from '#domain/reference.ts';
import type { MailBody, MailLine, OutgoingMail } from '#data/mail-outbox.ts';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;

/** Escapes text for HTML mail bodies; every value from a person goes through it. */
export function escapeHtml(text: string): string {
  // Most values have nothing to escape: no new string then.
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c) : text;
}

/** The paragraphs after the lines of every mail. */
const CLOSING = `The ${BUSINESS.name} team`;
const SIGNATURE = `${BUSINESS.phone} · ${BUSINESS.email}`;

/**
 * A mail as the outbox keeps it: what it says, rendered when it is sent (`renderMail`), not while the command that
 * queued it holds the write lock (ADR 023).
 */
function compose(kind: string, to: string, subject: string, greeting: string, lines: MailLine[]): OutgoingMail {
  return { kind, to, subject, body: { greeting, lines } };
}

/** A mail's plain-text and HTML bodies, from the same lines, so the two never drift apart. */
export function renderMail(body: MailBody): { text: string; html: string } {
  const { greeting, lines } = body;
  const textLines = lines.map((l) => (typeof l === 'string' ? l : `${l[0]}: ${l[1] ?? '—'}`));
  const text = [greeting, '', ...textLines, '', CLOSING, SIGNATURE].join('\n');
  const htmlLines = lines
    .map((l) =>
      typeof l === 'string'
        ? /^https?:\/\/\S+$/.test(l)
          ? `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`
          : `<p>${linked(escapeHtml(l)).replace(/\n/g, '<br>')}</p>`
        : `<p><strong>${escapeHtml(l[0])}:</strong> ${escapeHtml(l[1] ?? '—').replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${htmlLines}
<p>${escapeHtml(CLOSING)}<br>${escapeHtml(BUSINESS.phone)} · <a href="mailto:${escapeHtml(BUSINESS.email)}">${escapeHtml(BUSINESS.email)}</a></p>
</body></html>`;
  return { text, html };
}

/** A web address inside a line of (escaped) text, without the punctuation that may end its sentence. */
const URL_IN_TEXT = /https?:\/\/[^\s<]*[^\s<.,;:!?)]/g;

/** Escaped text with its web addresses as links ("…in your customer portal: https://…" was plain text in HTML). */
function linked(escaped: string): string {
  return escaped.replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`);
}

/** Mail the reader is waiting for right now: sent before any backlog. */
function urgent(mail: OutgoingMail): OutgoingMail {
  return { ...mail, urgent: true };
}

export type RequestSummary = {
  kind: 'quote' | 'booking';
  /** The record's id: a booking is named by its reference (domain/reference.ts), as its customer's card shows it. */
  id?: string;
  firstName: string;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  serviceType: string;
  address?: string | null;
  description?: string | null;
  startDate?: string | null;
  finishDate?: string | null;
  startTime?: string | null;
  finishTime?: string | null;
  preferredDate?: string | null;
};

/** A person's first and last name, as the business's mails give it. */
const fullName = (p: { firstName: string; lastName?: string | null }) => `${p.firstName} ${p.lastName ?? ''}`.trim();

const what = (r: RequestSummary) => (r.kind === 'quote' ? 'quote request' : 'booking request');

/**
 * To the customer: we have it, and when they will hear from us. In this and the mails below, a service is named
 * as people read it ('Rewiring', by serviceTypeLabel), whether the form sent the portal's key or a label.
 */
export function requestReceived(to: string, r: RequestSummary): OutgoingMail {
  return compose('request-received', to, `We have your ${what(r)} — ${BUSINESS.name}`, `Hello ${r.firstName},`, [
    `Thank you for your ${what(r)} for ${serviceTypeLabel(r.serviceType)}. We will be in touch ${BUSINESS.replyPromise}.`,
    ...(r.startDate ? [['Dates', scheduleWords(r)] as MailLine] : []),
    `For an emergency, call us any time on ${BUSINESS.phone}.`,
  ]);
}

/**
 * The last line of every mail to the business about something the Admin Portal shows: where to act on it. In this
 * and the mails below, a booking is named by its reference (domain/reference.ts), as its customer's card shows it.
 */
const adminLine = (adminUrl: string, what: string): string => `${what} in the Admin Portal: ${adminUrl}`;

/** To the business: a new quote or booking request. */
export function newRequest(to: string, r: RequestSummary, adminUrl: string): OutgoingMail {
  return compose('new-request', to, `New ${what(r)}: ${serviceTypeLabel(r.serviceType)} — ${fullName(r)}`, `A new ${what(r)} has arrived.`, [
    ['Name', fullName(r)],
    ['Email', r.email],
    ['Phone', r.phone],
    ['Service', serviceTypeLabel(r.serviceType)],
    ['Address', r.address],
    ['Preferred date', r.preferredDate ? dayWords(r.preferredDate) : null],
    ['Dates', scheduleWords(r)],
    ['Details', r.description],
    ...(r.kind === 'booking' && r.id ? [['Reference', bookingReference(r.id)] as MailLine] : []),
    adminLine(adminUrl, r.kind === 'quote' ? 'Price it' : 'Confirm it'),
  ]);
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
  return compose('request-cancelled', to, `Booking request cancelled: ${serviceTypeLabel(b.serviceType)} — ${fullName(b)}`, 'A customer cancelled their booking request before it was confirmed.', [
    ...customerLines(b),
    ['Dates', scheduleWords(b)],
    ['Reference', bookingReference(b.id)],
    adminLine(adminUrl, 'It is'),
  ]);
}

/** To the business: a customer moved their booking request to other days or hours before it was confirmed. */
export function requestMoved(
  to: string,
  b: BookingForBusiness,
  was: { startDate: string | null; finishDate: string | null; startTime: string | null; finishTime: string | null },
  adminUrl: string,
): OutgoingMail {
  return compose('request-moved', to, `Booking request moved: ${serviceTypeLabel(b.serviceType)} — ${fullName(b)}`, 'A customer changed the dates of their booking request before it was confirmed.', [
    ...customerLines(b),
    ['New dates', scheduleWords(b)],
    ['It was', scheduleWords(was)],
    ['Reference', bookingReference(b.id)],
    adminLine(adminUrl, 'Confirm it'),
  ]);
}

/** A booked job as a mail may name it without its customer: what, when, which. */
export type BookedJob = { id: string; serviceType: string; status: string; startDate: string | null; finishDate: string | null; startTime: string | null; finishTime: string | null };

/**
 * To the business: a customer deleted their account. Their details are erased straight after, so the mail carries
 * nothing personal: the jobs still booked for them by reference, service and dates (to settle by phone), and how
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
  return compose('account-deleted', to, subject, 'A customer deleted their account, and their personal details have been erased.', [
    ...(n > 0
      ? [
          `${n === 1 ? 'This job was' : 'These jobs were'} booked for them and ${n === 1 ? 'stays' : 'stay'} in the Admin Portal, without their name or contact details:`,
          ...d.jobs.map((job): MailLine => [`Reference ${bookingReference(job.id)}`, `${serviceTypeLabel(job.serviceType)}, ${scheduleWords(job) ?? 'no dates'} (${job.status.replace(/_/g, ' ')})`]),
          'We no longer hold their details, so please settle these jobs with them by phone: whether they still go ahead, access and payment.',
        ]
      : []),
    ...(withdrawn.length > 0 ? [`Their ${withdrawn.join(' and ')} still waiting for an answer ${d.bookingRequests + d.quoteRequests === 1 ? 'was' : 'were'} withdrawn.`] : []),
    adminLine(d.adminUrl, n > 0 ? 'The jobs are' : 'The withdrawn requests are'),
  ]);
}

/** To the business: a customer wrote about a booking. */
export function newMessage(to: string, m: { senderName: string; content: string; serviceType: string; bookingId: string }, adminUrl: string): OutgoingMail {
  return compose('new-message', to, `New message from ${m.senderName} about ${serviceTypeLabel(m.serviceType)}`, 'A customer sent a message.', [
    ['From', m.senderName],
    ['Booking', `${serviceTypeLabel(m.serviceType)}, reference ${bookingReference(m.bookingId)}`],
    m.content,
    adminLine(adminUrl, 'Reply'),
  ]);
}

/** To the customer: the business replied. */
export function adminReply(to: string, m: { firstName: string; content: string; serviceType: string; portalUrl: string }): OutgoingMail {
  return compose('admin-reply', to, `A reply about your ${serviceTypeLabel(m.serviceType)} booking — ${BUSINESS.name}`, `Hello ${m.firstName},`, [
    'We have replied to your message:',
    m.content,
    `You can read and answer it in your customer portal: ${m.portalUrl}`,
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

/** How to follow the booking: the portal for an account's booking, else how to make one that shows it. */
function followLine(portal: { url: string; hasAccount: boolean }): string {
  return portal.hasAccount
    ? `You can follow it and send us a message about it in your customer portal: ${portal.url}/customer-portal`
    : `To follow it online, create an account with this email address: ${portal.url}/customer-auth?mode=signup`;
}

/** To the customer: the business confirmed their booking (or booked it for them: on the phone, from a quote). */
export function bookingConfirmed(to: string, b: BookingNewsFacts, portal: { url: string; hasAccount: boolean }): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  const mail = compose('booking-confirmed', to, `Your booking is confirmed: ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `We have confirmed your booking for ${service}.`,
    ...jobLines(b),
    CALENDAR_LINE,
    followLine(portal),
    `To change anything, call us on ${BUSINESS.phone}.`,
  ]);
  return withCalendar(mail, b.id);
}

/** To the customer: a booked job (confirmed or under way) has new days or hours (and the ones it had, so they know which). */
export function bookingRescheduled(to: string, b: BookingNewsFacts, portal: { url: string; hasAccount: boolean }, was: BookingNewsFacts): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  const mail = compose('booking-rescheduled', to, `New dates for your booking: ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `We have changed the dates of your booking for ${service}.`,
    ['New dates', scheduleWords(b)],
    ['Previously', scheduleWords(was)],
    ...(b.address ? [['Where', b.address] as MailLine] : []),
    ['Reference', bookingReference(b.id)],
    'Open the calendar file with this email to update the booking in your calendar.',
    followLine(portal),
    `If the new dates do not suit you, call us on ${BUSINESS.phone}.`,
  ]);
  return withCalendar(mail, b.id);
}

/** To the customer, the day before their booked job (backend/reminders.ts). */
export function bookingReminder(to: string, b: BookingNewsFacts, portal: { url: string; hasAccount: boolean }): OutgoingMail {
  const service = serviceTypeLabel(b.serviceType);
  return compose('booking-reminder', to, `Tomorrow: your booking for ${service} — ${BUSINESS.name}`, `Hello ${b.firstName},`, [
    `A reminder that your booking for ${service} starts tomorrow.`,
    ...jobLines(b),
    'Someone will need to let us in, and we may need to turn the power off for a while.',
    followLine(portal),
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

type QuoteFacts = { firstName: string; serviceType: string; estimatedCost: string | null };

/** How to answer a quote: the portal for an account, else how to make one that shows it. */
function answerLine(portal: { url: string; hasAccount: boolean }): string {
  return portal.hasAccount
    ? `Sign in to approve or decline it: ${portal.url}/customer-portal`
    : `To approve or decline it online, create an account with this email address: ${portal.url}/customer-auth?mode=signup`;
}

/** To the customer: their quote has a price and waits for their answer. */
export function quoteReady(to: string, q: QuoteFacts, portal: { url: string; hasAccount: boolean }): OutgoingMail {
  return compose('quote-ready', to, `Your quote for ${serviceTypeLabel(q.serviceType)} — ${BUSINESS.name}`, `Hello ${q.firstName},`, [
    `Your quote for ${serviceTypeLabel(q.serviceType)} is ready.`,
    ['Estimated cost', formatPounds(q.estimatedCost)],
    answerLine(portal),
    `Or call us on ${BUSINESS.phone}.`,
  ]);
}

/** To the customer: the price of a quote waiting for their answer changed (they may have read the old one). */
export function quotePriceChanged(to: string, q: QuoteFacts, previousCost: string | null, portal: { url: string; hasAccount: boolean }): OutgoingMail {
  const service = serviceTypeLabel(q.serviceType);
  return compose('quote-price-changed', to, `New price for your quote: ${service} — ${BUSINESS.name}`, `Hello ${q.firstName},`, [
    `We have changed the price of your quote for ${service}. Please look at the new price before you answer.`,
    ['New estimated cost', formatPounds(q.estimatedCost)],
    ...(previousCost ? [['Previously', formatPounds(previousCost)] as MailLine] : []),
    answerLine(portal),
    `Or call us on ${BUSINESS.phone}.`,
  ]);
}

/** To the business: a customer approved or declined a quoted price online. */
export function quoteAnswered(
  to: string,
  q: { firstName: string; lastName: string | null; email: string | null; phone: string | null; serviceType: string; estimatedCost: string | null },
  answer: 'approved' | 'rejected',
  adminUrl: string,
): OutgoingMail {
  const approved = answer === 'approved';
  return compose(
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
      approved ? `Book the work from the quote in the Admin Portal: ${adminUrl}` : `The quote is in the Admin Portal: ${adminUrl}`,
    ],
  );
}

/** To the account holder: a single-use reset link, valid for one hour. */
export function passwordReset(to: string, p: { firstName: string; link: string }): OutgoingMail {
  return urgent(
    compose('password-reset', to, `Reset your password — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'Someone asked to reset the password of your account. If it was you, open this link within 1 hour:',
      p.link,
      'If it was not you, ignore this message: your password stays as it is.',
    ]),
  );
}

/** To the account's address once its password was changed while signed in: the owner hears of it, whoever changed it. */
export function passwordChanged(to: string, p: { firstName: string; resetUrl: string }): OutgoingMail {
  return urgent(
    compose('password-changed', to, `Your password was changed — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'The password of your account was just changed, and every other device signed in to it was signed out.',
      'If it was you, you need not do anything.',
      'If it was not you, reset your password now with this link, and tell us:',
      p.resetUrl,
    ]),
  );
}

/** To a new account: prove the address, so bookings made under it show up in the portal. */
export function verifyEmail(to: string, p: { firstName: string; link: string }): OutgoingMail {
  return urgent(
    compose('verify-email', to, `Confirm your email address — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'Thank you for creating your account. Please confirm this is your email address by opening this link within 7 days:',
      p.link,
      'Once confirmed, any bookings and quotes sent with this address appear in your customer portal.',
      'If you did not create an account, ignore this message.',
    ]),
  );
}

/**
 * To the owner of an address someone tried to register again. Registration answers the same whether or not
 * the address has an account (so it reveals nobody's), and the owner hears about it here instead.
 */
export function registrationAttempt(to: string, p: { firstName: string; resetUrl: string }): OutgoingMail {
  return urgent(
    compose('registration-attempt', to, `Someone tried to register with your address — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'Someone just tried to create a new account with this email address, which already has an account with us. No new account was made.',
      'If it was you, you can simply sign in. If you have forgotten your password, you can reset it here:',
      p.resetUrl,
      'If it was not you, you need not do anything: your account is unchanged.',
    ]),
  );
}

/** To the address an account asked to move to: the link that makes the move (the old address stays until then). */
export function confirmNewEmail(to: string, p: { firstName: string; link: string; currentEmail: string }): OutgoingMail {
  return urgent(
    compose('confirm-new-email', to, `Confirm your new email address — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      `You asked to change the email address of your account with us from ${p.currentEmail} to this one. Please confirm it by opening this link within 7 days:`,
      p.link,
      'Until you do, your account keeps its current address. If you did not ask for this, ignore this message: nothing changes.',
    ]),
  );
}

/** To the address an account just left (if it had proved it): who to call if the owner did not make the change. */
export function emailChanged(to: string, p: { firstName: string; newEmail: string; admin: boolean }): OutgoingMail {
  // The admin is the business: "call us" would have them ring themselves.
  const lines = p.admin
    ? [
        `The address you sign in to the Admin Portal with is now ${p.newEmail}.`,
        'If you did not make this change, ask whoever looks after the website to restore your access straight away.',
      ]
    : [
        `The email address of your account with us is now ${p.newEmail}. From now on we write to you there, and you sign in with it.`,
        `If you did not make this change, please call us on ${BUSINESS.phone} straight away.`,
      ];
  return urgent(compose('email-changed', to, `Your account's email address was changed — ${BUSINESS.name}`, `Hello ${p.firstName},`, lines));
}

/**
 * To the owner of an address another account asked to move to. The asker is told the same as for a free address
 * (so the form reveals nobody's account), and the owner hears about it here instead.
 */
export function addressInUse(to: string, p: { firstName: string }): OutgoingMail {
  return urgent(
    compose('address-in-use', to, `Someone tried to use your address — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'Someone signed in to another account with us just asked to change its email address to this one, which already has an account. Nothing was changed.',
      'If it was you, this address has an account of its own: sign in with it instead. If it was not you, you need not do anything: your account is unchanged.',
    ]),
  );
}

/**
 * To the business: a contact form enquiry (with where the Admin Portal lists it, under Contacts) or a support
 * request (which the portal does not show: this mail is where it is read).
 */
export function enquiry(to: string, kind: 'contact' | 'support', fields: Array<[string, string | null | undefined]>, adminUrl?: string): OutgoingMail {
  const subject = kind === 'contact' ? 'New enquiry from the website' : 'New support request';
  const lines: MailLine[] = [...fields, ...(adminUrl ? [adminLine(adminUrl, 'It is under Contacts')] : [])];
  return compose(kind === 'contact' ? 'new-contact' : 'new-support-request', to, subject, `${subject}:`, lines);
}
