import type { QuoteView } from '#domain/views.ts';

/**
 * What the admin is told when an answer to a quote cannot be mailed (its customer left no email address): ring the
 * number they left `about` it ('with the price', 'to say when'), or, with no number either, that nobody hears of it.
 * Edit Quote and Convert to Job say it alike.
 */
export function noMailSentence(quote: Pick<QuoteView, 'firstName' | 'phone'>, about: string): string {
  return quote.phone
    ? `${quote.firstName || 'The customer'} left no email address, so nothing is sent: ring ${quote.phone} ${about}.`
    : 'Nothing is sent to the customer: they left no email address or number.';
}
