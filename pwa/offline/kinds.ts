/** Outbox kinds whose items the lists show before the server has them. */
export const KINDS = {
  /** POST /api/bookings with dates and a client-made `id`: a new booking. */
  booking: 'booking',
  /** PATCH /api/bookings/{id} with `status` and `expectedVersion`. */
  bookingStatus: 'booking-status',
  /** POST /api/bookings/{id}/messages with a client-made `id`. */
  message: 'message',
  /** POST /api/bookings/{id}/cancel: the customer withdraws their pending request. */
  bookingCancel: 'booking-cancel',
  /** PATCH /api/bookings/{id} with the job's new days and hours (the admin's Change dates). */
  bookingDates: 'booking-dates',
  /** PUT /api/bookings/{id}/notes with the admin's own notes on the job and `expectedVersion`. */
  bookingNotes: 'booking-notes',
  /** PUT /api/bookings/{id}/payment: the job marked paid (`paidOn`, `method`), or not paid after all. */
  bookingPayment: 'booking-payment',
  /**
   * POST /api/bookings/{id}/no-reply-needed with `messageId` (the admin: a customer's message needs no answer). No
   * `record`: it depends on nothing else queued for the job, and a refusal holds nothing of the job back.
   */
  noReplyNeeded: 'no-reply-needed',
  /** POST /api/bookings/{id}/reply-needed with `messageId`: takes that mark back (Undo, Needs a reply). No `record` either. */
  replyNeeded: 'reply-needed',
  /**
   * POST /api/contacts/{id}/answered with `answered` (the admin: an enquiry answered, or not yet). No `record`: it
   * depends on nothing else queued, and a refusal holds nothing back.
   */
  contactAnswered: 'contact-answered',
} as const;

/** The admin's outbox kinds for quote work (To Be Quoted). */
export const QUOTE_KINDS = {
  /**
   * POST /api/bookings without dates and with a client-made `id`: a quote request the admin writes up (a customer rang).
   * To Be Quoted shows it at once, and its edit, conversion or deletion can follow it in the outbox.
   */
  create: 'quote-new',
  /** PUT /api/quotes/{id} with the fields the admin changed and `expectedVersion`. */
  update: 'quote-update',
  convert: 'quote-convert',
  remove: 'quote-delete',
} as const;

/**
 * Kinds whose server answer is a record of the device's copy (the mirror table named): it goes into the copy as the
 * item leaves the outbox, in one transaction, so the screen never shows the record as it was in between (until the
 * next pull would bring it): a chat's mark (made or taken back), an enquiry's answered mark, and a message sent (it
 * vanished from its chat until the next pull).
 */
export const ANSWER_KEPT_IN: Readonly<Partial<Record<string, 'chats' | 'messages' | 'contacts'>>> = {
  [KINDS.noReplyNeeded]: 'chats',
  [KINDS.replyNeeded]: 'chats',
  [KINDS.message]: 'messages',
  [KINDS.contactAnswered]: 'contacts',
};

/**
 * Kinds whose server answer is the job or quote they changed, as the server has it now: it goes into the device's copy
 * as the item leaves the outbox (record-copy.ts keepCurrent: over the copy's, when newer), so a change that waited for
 * the signal does not show the record as it was before it, between leaving the outbox and the next pull (which may be
 * long coming: the feed down, the signal gone again). One sent at once is kept by its form's command as well.
 */
/** Outbox kind of a customer's answer to a quote (POST /api/quotes/{id}/approve or /decline). */
export const QUOTE_ANSWER_KIND = 'quote-answer';

export const ANSWER_IS_RECORD: ReadonlySet<string> = new Set([KINDS.bookingStatus, KINDS.bookingDates, KINDS.bookingNotes, KINDS.bookingPayment, KINDS.bookingCancel, QUOTE_KINDS.update, QUOTE_ANSWER_KIND]);

/**
 * Whether an item of this kind moves its record's version on by one when it lands: the admin's status, dates, notes
 * and payment changes of a job, and an edit or a conversion of a quote. One queued after another counts it in its
 * `expectedVersion`; one that never lands (discarded) is counted out again.
 */
export function movesVersion(kind: string): boolean {
  return (
    kind === KINDS.bookingStatus ||
    kind === KINDS.bookingDates ||
    kind === KINDS.bookingNotes ||
    kind === KINDS.bookingPayment ||
    kind === QUOTE_KINDS.update ||
    kind === QUOTE_KINDS.convert
  );
}

/**
 * Whether an item of this kind makes its record (a new job, a quote request the admin wrote up): discarded, what was
 * queued after it for that record (its chat, its changes) goes with it, as it has nothing to land on.
 */
export function makesRecord(kind: string): boolean {
  return kind === KINDS.booking || kind === QUOTE_KINDS.create;
}

/**
 * Whether an item the server refused holds back a later item of the same record until the user decides. A new
 * booking holds back everything about it (it does not exist yet). A chat's message waits only for that and for the
 * messages before it (a chat keeps its order): a refused change or cancellation leaves the chat free (a cancellation
 * refused as too late says to send us a message about it). A status or dates change holds back the later changes
 * (their versions count on it landing); a message, the later changes that move no version (a cancellation). Anything
 * else holds back everything of its record.
 */
export function holdsBack(refused: string, later: string): boolean {
  if (later === KINDS.message) return refused === KINDS.booking || refused === KINDS.message;
  if (refused === KINDS.message) return !movesVersion(later);
  return true;
}

/** What the device says of a queued change to a quote deleted on another device meanwhile (the server answers 404). */
export const QUOTE_GONE = 'This quote was deleted on another device, so your change cannot be saved.';

/** What the customer's device says of an answer to a quote the business deleted meanwhile (a 404). */
export const QUOTE_CLOSED = 'We have closed this quote, so your answer was not sent. Please call us if you would still like the work done.';

/** The words for a change that can never land (whenGone 'gone'): the admin's, or the customer's answer's. */
export function goneMessage(kind: string): string {
  return kind === QUOTE_ANSWER_KIND ? QUOTE_CLOSED : QUOTE_GONE;
}

/**
 * What a 404 means for an item of this kind: the quote it is for was deleted meanwhile (only the admin deletes one, on
 * another of their devices: the device's copy had it when the change was made). A deletion has then what it asked for
 * ('done': it leaves the outbox as sent); an edit or a conversion can never land ('gone': refused with QUOTE_GONE, to
 * be discarded, never sent again), as can a customer's answer to it (refused with QUOTE_CLOSED). Other kinds: undefined,
 * the server's own words.
 */
export function whenGone(kind: string): 'done' | 'gone' | undefined {
  if (kind === QUOTE_KINDS.remove) return 'done';
  if (kind === QUOTE_KINDS.update || kind === QUOTE_KINDS.convert || kind === QUOTE_ANSWER_KIND) return 'gone';
  return undefined;
}

/** Whether a refused item is a change to a quote deleted meanwhile (whenGone): nothing can make it land. */
export function isGone(item: { kind: string; state: string; error: { status: number } | null }): boolean {
  return item.state === 'failed' && item.error?.status === 404 && whenGone(item.kind) === 'gone';
}
