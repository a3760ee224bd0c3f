import { BUSINESS } from '#domain/business.ts';
import type { MailBody, MailLine, OutgoingMail } from '#data/mail-outbox.ts';

// What every mail is made of: its lines, the closing and signature, and the rendering to text and HTML (ADR 023).

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
export function compose(kind: string, to: string, subject: string, greeting: string, lines: MailLine[]): OutgoingMail {
  return { kind, to, subject, body: { greeting, lines } };
}

/**
 * A mail to the business itself (BUSINESS_EMAIL): it ends with where it came from, not signed by the business to
 * itself with its own phone number. `replyTo`: the address of the person it is about, when they gave one, so that
 * Reply writes to them (it wrote to the site's no-reply address).
 */
export function composeForBusiness(kind: string, to: string, subject: string, greeting: string, lines: MailLine[], replyTo?: string | null): OutgoingMail {
  const mail = compose(kind, to, subject, greeting, lines);
  return { ...mail, body: { ...mail.body, toBusiness: true, ...(replyTo ? { replyTo } : {}) } };
}

/** How a mail to the business ends (composeForBusiness). */
const FROM_THE_SITE = `Sent by the ${BUSINESS.name} website.`;

/** A mail's plain-text and HTML bodies, from the same lines, so the two never drift apart. */
export function renderMail(body: MailBody): { text: string; html: string } {
  const { greeting, lines } = body;
  // Paragraphs apart, as in the HTML (they ran into each other and into the facts); the facts (label: value) together,
  // and under the line that introduces them ("What you sent us:").
  const textLines = lines.flatMap((l, i) => {
    const line = typeof l === 'string' ? l : `${l[0]}: ${l[1] ?? '—'}`;
    const before = lines[i - 1];
    const apart = before !== undefined && (typeof l === 'string' || (typeof before === 'string' && !before.endsWith(':')));
    return apart ? ['', line] : [line];
  });
  const text = [greeting, '', ...textLines, '', ...(body.toBusiness ? [FROM_THE_SITE] : [CLOSING, SIGNATURE])].join('\n');
  const htmlLines = lines
    .map((l) =>
      typeof l === 'string'
        ? /^https?:\/\/\S+$/.test(l)
          ? `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`
          : `<p>${linked(escapeHtml(l)).replace(/\n/g, '<br>')}</p>`
        : `<p><strong>${escapeHtml(l[0])}:</strong> ${escapeHtml(l[1] ?? '—').replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  // overflow-wrap: a link with a token or an id in it is one long word, which ran off a phone's screen sideways.
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;overflow-wrap:anywhere">
<p>${escapeHtml(greeting)}</p>
${htmlLines}
${body.toBusiness ? `<p>${escapeHtml(FROM_THE_SITE)}</p>` : `<p>${escapeHtml(CLOSING)}<br>${PHONE_LINK} · <a href="mailto:${escapeHtml(BUSINESS.email)}">${escapeHtml(BUSINESS.email)}</a></p>`}
</body></html>`;
  return { text, html };
}

/** A web address inside a line of (escaped) text, without the punctuation that may end its sentence. */
const URL_IN_TEXT = /https?:\/\/[^\s<]*[^\s<.,;:!?)]/g;

/** The business's number as a link a phone can ring with one tap ("call us on …" is in nearly every mail). */
const PHONE_LINK = `<a href="tel:${escapeHtml(BUSINESS.phoneE164)}">${escapeHtml(BUSINESS.phone)}</a>`;

/**
 * Escaped text with its web addresses and the business's number as links ("…in your customer portal: https://…" was
 * plain text in HTML). Only the business's own number: a number a person typed stays text.
 */
function linked(escaped: string): string {
  return escaped.replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`).replaceAll(escapeHtml(BUSINESS.phone), PHONE_LINK);
}

/** Mail whose words are wrong after `at` (ISO: a link's expiry, the day "tomorrow" names): never sent after it. */
export function sendBy(mail: OutgoingMail, at: string): OutgoingMail {
  return { ...mail, sendBy: at };
}

/** Mail the reader is waiting for right now: sent before any backlog. */
export function urgent(mail: OutgoingMail): OutgoingMail {
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
  /** The photos and documents that came with it (only how many is said: the files are served to the signed-in only). */
  attachments?: readonly unknown[];
};

/** How many files came with a request, in words ("2 photos or documents"); null for none. */
export function filesWords(r: RequestSummary): string | null {
  const count = r.attachments?.length ?? 0;
  return count === 0 ? null : `${count} ${count === 1 ? 'photo or document' : 'photos or documents'}`;
}

/** A person's first and last name, as the business's mails give it. */
export const fullName = (p: { firstName: string; lastName?: string | null }) => `${p.firstName} ${p.lastName ?? ''}`.trim();

export const what = (r: RequestSummary) => (r.kind === 'quote' ? 'quote request' : 'booking request');

/** A message's files are not in its mail (they are served to the signed-in only): where to open them. */
export function filesLine(count: number, where: string): string {
  return `${count === 1 ? 'One file is' : `${count} files are`} attached to the message: open ${count === 1 ? 'it' : 'them'} ${where}.`;
}
