import { describe, expect, it } from 'vitest';
import { chatDecider } from '#domain/deciders/chat.ts';
import { autoContactDetails, contactDecider, enquiryDecider, isEnquiry } from '#domain/deciders/contact.ts';
import { quoteDecider } from '#domain/deciders/quote.ts';
import type { ChatMarkedNoReplyNeeded, ChatMarkedReplyNeeded, ContactCreated, EnquiryMarkedAnswered, EnquiryMarkedUnanswered, MessagePosted } from '#domain/events.ts';
import { spec } from '../support/decider-spec.ts';
import { quoteId, quoteRequested } from './fixtures.ts';

const quote = spec(quoteDecider);

describe('quote decider', () => {
  it('takes a quote request', () => {
    quote.given([]).when({ type: 'RequestQuote', data: quoteRequested().data }).thenEvents([quoteRequested()]);
  });

  it('revises only the fields given', () => {
    quote
      .given([quoteRequested()])
      .when({ type: 'ReviseQuote', data: { estimatedCost: '450.00', quoteStatus: 'quoted', notes: undefined } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, estimatedCost: '450.00', quoteStatus: 'quoted' } }]);
  });

  it('refuses to leave a quote Quoted without a price, naming the field, whether the status or the price changes', () => {
    const refused = { message: 'Enter the estimated cost before setting the status to Quoted', details: { fields: { estimatedCost: 'Enter the estimated cost before setting the status to Quoted' } } };
    quote.given([quoteRequested()]).when({ type: 'ReviseQuote', data: { quoteStatus: 'quoted' } }).thenThrows('estimated_cost_required', refused);
    quote.given([quoteRequested()]).when({ type: 'ReviseQuote', data: { quoteStatus: 'quoted', estimatedCost: null } }).thenThrows('estimated_cost_required', refused);
    quote
      .given([quoteRequested(), { type: 'QuoteRevised', data: { quoteId, estimatedCost: '450.00', quoteStatus: 'quoted' } }])
      .when({ type: 'ReviseQuote', data: { estimatedCost: null } })
      .thenThrows('estimated_cost_required', refused);
  });

  it('marks a quote Quoted on the price it has, and takes a note alone on one Quoted without a price (written before the rule)', () => {
    quote
      .given([quoteRequested(), { type: 'QuoteRevised', data: { quoteId, estimatedCost: '450.00' } }])
      .when({ type: 'ReviseQuote', data: { quoteStatus: 'quoted' } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, quoteStatus: 'quoted' } }]);
    quote
      .given([quoteRequested(), { type: 'QuoteRevised', data: { quoteId, quoteStatus: 'quoted' } }])
      .when({ type: 'ReviseQuote', data: { notes: 'Waiting on the survey' } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, notes: 'Waiting on the survey' } }]);
    quote
      .given([quoteRequested(), { type: 'QuoteRevised', data: { quoteId, estimatedCost: '450.00', quoteStatus: 'quoted' } }, { type: 'QuoteRevised', data: { quoteId, notes: 'x' } }])
      .when({ type: 'ReviseQuote', data: { quoteStatus: 'quoted', estimatedCost: undefined } })
      .thenEvents([{ type: 'QuoteRevised', data: { quoteId, quoteStatus: 'quoted' } }]);
  });

  it('lets the customer approve only a quoted quote', () => {
    quote
      .given([quoteRequested()])
      .when({ type: 'AnswerQuote', data: { answer: 'approved' } })
      .thenThrows('quote_not_quoted');
    quote
      .given([quoteRequested(), { type: 'QuoteRevised', data: { quoteId, quoteStatus: 'quoted' } }])
      .when({ type: 'AnswerQuote', data: { answer: 'approved' } })
      .thenEvents([{ type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'approved' } }]);
  });

  it('converts once; a second conversion is a conflict', () => {
    const bookingId = 'b-1';
    quote
      .given([quoteRequested()])
      .when({ type: 'ConvertQuote', data: { bookingId } })
      .thenEvents([{ type: 'QuoteConverted', data: { quoteId, bookingId } }]);
    quote
      .given([quoteRequested(), { type: 'QuoteConverted', data: { quoteId, bookingId } }])
      .when({ type: 'ConvertQuote', data: { bookingId: 'b-2' } })
      .thenThrows('quote_already_converted');
  });

  it('refuses to take the same quote request twice', () => {
    quote
      .given([quoteRequested()])
      .when({ type: 'RequestQuote', data: quoteRequested().data })
      .thenThrows('quote_exists', { message: 'This quote request already exists' });
  });

  it('appends nothing for a revision that gives no field', () => {
    quote.given([quoteRequested()]).when({ type: 'ReviseQuote', data: {} }).thenEvents([]);
    quote
      .given([quoteRequested()])
      .when({ type: 'ReviseQuote', data: { estimatedCost: undefined, notes: undefined } })
      .thenEvents([]);
  });

  it('keeps the status when a revision does not name one', () => {
    quote
      .given([
        quoteRequested(),
        { type: 'QuoteRevised', data: { quoteId, quoteStatus: 'quoted' } },
        { type: 'QuoteRevised', data: { quoteId, estimatedCost: '500.00' } },
      ])
      .when({ type: 'AnswerQuote', data: { answer: 'approved' } })
      .thenEvents([{ type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'approved' } }]);
  });

  it('takes one answer: an approved or rejected quote is no longer waiting for one', () => {
    quote
      .given([
        quoteRequested(),
        { type: 'QuoteRevised', data: { quoteId, quoteStatus: 'quoted' } },
        { type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'rejected' } },
      ])
      .when({ type: 'AnswerQuote', data: { answer: 'approved' } })
      .thenThrows('quote_not_quoted', { message: 'This quote is not waiting for your answer' });
  });

  it('names the booking a converted quote became when it is converted again', () => {
    quote
      .given([quoteRequested(), { type: 'QuoteConverted', data: { quoteId, bookingId: 'b-1' } }])
      .when({ type: 'ConvertQuote', data: { bookingId: 'b-2' } })
      .thenThrows('quote_already_converted', { message: 'This quote has already been converted to a job', details: { bookingId: 'b-1' } });
  });

  it('deletes an open quote, and its id cannot be used for a new request', () => {
    quote
      .given([quoteRequested()])
      .when({ type: 'DeleteQuote' })
      .thenEvents([{ type: 'QuoteDeleted', data: { quoteId } }]);
    quote
      .given([quoteRequested(), { type: 'QuoteDeleted', data: { quoteId } }])
      .when({ type: 'RequestQuote', data: quoteRequested().data })
      .thenThrows('quote_exists');
  });

  it('withdraws a request still open (pending, or quoted and unanswered) when its customer deletes their account', () => {
    const withdrawn = [{ type: 'QuoteWithdrawn', data: { quoteId } }] as const;
    quote.given([quoteRequested()]).when({ type: 'WithdrawQuoteRequest' }).thenEvents([...withdrawn]);
    quote
      .given([quoteRequested(), { type: 'QuoteRevised', data: { quoteId, estimatedCost: '300', quoteStatus: 'quoted' } }])
      .when({ type: 'WithdrawQuoteRequest' })
      .thenEvents([...withdrawn]);
  });

  it('leaves an answered, converted or already withdrawn quote as it is', () => {
    const quoted = { type: 'QuoteRevised', data: { quoteId, estimatedCost: '300', quoteStatus: 'quoted' } } as const;
    quote.given([quoteRequested(), quoted, { type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'approved' } }]).when({ type: 'WithdrawQuoteRequest' }).thenEvents([]);
    quote.given([quoteRequested(), quoted, { type: 'QuoteAnswered', data: { quoteId, quoteStatus: 'rejected' } }]).when({ type: 'WithdrawQuoteRequest' }).thenEvents([]);
    quote.given([quoteRequested(), { type: 'QuoteConverted', data: { quoteId, bookingId: 'b-1' } }]).when({ type: 'WithdrawQuoteRequest' }).thenEvents([]);
    quote.given([quoteRequested(), { type: 'QuoteWithdrawn', data: { quoteId } }]).when({ type: 'WithdrawQuoteRequest' }).thenEvents([]);
  });

  it('refuses to convert or approve a withdrawn request', () => {
    quote
      .given([quoteRequested(), { type: 'QuoteWithdrawn', data: { quoteId } }])
      .when({ type: 'ConvertQuote', data: { bookingId: 'b-1' } })
      .thenThrows('quote_withdrawn', { message: 'This quote request was withdrawn when its customer’s details were erased, so it cannot become a job.' });
    quote
      .given([quoteRequested(), { type: 'QuoteRevised', data: { quoteId, estimatedCost: '300', quoteStatus: 'quoted' } }, { type: 'QuoteWithdrawn', data: { quoteId } }])
      .when({ type: 'AnswerQuote', data: { answer: 'approved' } })
      .thenThrows('quote_not_quoted');
  });

  it('treats a deleted quote as gone', () => {
    quote
      .given([quoteRequested(), { type: 'QuoteDeleted', data: { quoteId } }])
      .when({ type: 'DeleteQuote' })
      .thenThrows('quote_not_found');
    quote
      .given([])
      .when({ type: 'ReviseQuote', data: { notes: 'x' } })
      .thenThrows('quote_not_found');
  });
});

describe('autoContactDetails', () => {
  it("marks a contact made from a booking the way the admin's Contacts tab recognises, naming the service", () => {
    expect(autoContactDetails('Rewiring')).toBe('Auto-created from booking: Rewiring');
  });
});

describe('contact decider', () => {
  const created: ContactCreated = {
    type: 'ContactCreated',
    data: { contactId: 'c1', firstName: 'Ann', lastName: null, email: 'ann@example.com', phone: null, service: null, details: 'Hello', source: 'form' },
  };
  it('creates a contact once', () => {
    spec(contactDecider).given([]).when({ type: 'CreateContact', data: created.data }).thenEvents([created]);
    spec(contactDecider)
      .given([created])
      .when({ type: 'CreateContact', data: created.data })
      .thenThrows('contact_exists', { message: 'This contact already exists' });
  });
});

describe('enquiry decider (the admin’s answered mark)', () => {
  const answered: EnquiryMarkedAnswered = { type: 'EnquiryMarkedAnswered', data: { contactId: 'c1' } };
  const unanswered: EnquiryMarkedUnanswered = { type: 'EnquiryMarkedUnanswered', data: { contactId: 'c1' } };
  const enquiry = spec(enquiryDecider);
  it('marks an enquiry answered, and takes the mark back', () => {
    enquiry.given([]).when({ type: 'MarkAnswered', data: { contactId: 'c1' } }).thenEvents([answered]);
    enquiry.given([answered]).when({ type: 'MarkUnanswered', data: { contactId: 'c1' } }).thenEvents([unanswered]);
    enquiry.given([answered, unanswered]).when({ type: 'MarkAnswered', data: { contactId: 'c1' } }).thenEvents([answered]);
  });
  it('appends nothing for a mark it already has: a repeat, or the same mark from a second device', () => {
    enquiry.given([answered]).when({ type: 'MarkAnswered', data: { contactId: 'c1' } }).thenEvents([]);
    enquiry.given([]).when({ type: 'MarkUnanswered', data: { contactId: 'c1' } }).thenEvents([]);
    enquiry.given([answered, unanswered]).when({ type: 'MarkUnanswered', data: { contactId: 'c1' } }).thenEvents([]);
  });
  it('tells an enquiry from a contact made by a booking, by its source or the seed’s words', () => {
    expect(isEnquiry({ source: 'form', details: 'Do you fit EV chargers?' })).toBe(true);
    expect(isEnquiry({ source: 'support', details: 'I cannot sign in' })).toBe(true);
    expect(isEnquiry({ source: 'booking', details: autoContactDetails('rewiring') })).toBe(false);
    expect(isEnquiry({ source: 'form', details: autoContactDetails('rewiring') })).toBe(false);
  });
});

describe('chat decider', () => {
  const posted: MessagePosted = {
    type: 'MessagePosted',
    data: { messageId: 'm1', bookingId: 'b1', senderId: null, senderName: 'Ann', content: 'Hello', attachments: [], isFromAdmin: false },
  };
  it('trims the content', () => {
    spec(chatDecider)
      .given([])
      .when({ type: 'PostMessage', data: { ...posted.data, content: '  Hello \n' } })
      .thenEvents([posted]);
  });
  it('refuses an empty or whitespace-only message', () => {
    spec(chatDecider)
      .given([posted])
      .when({ type: 'PostMessage', data: { ...posted.data, content: ' \t\n' } })
      .thenThrows('message_empty', { message: 'Message cannot be empty' });
  });
  it('takes further messages under new ids, and refuses an id already used in the chat', () => {
    const second = { ...posted.data, messageId: 'm2', content: 'Still tripping' };
    spec(chatDecider)
      .given([posted])
      .when({ type: 'PostMessage', data: second })
      .thenEvents([{ type: 'MessagePosted', data: second }]);
    spec(chatDecider)
      .given([{ ...posted, data: { ...posted.data, messageId: 'm0' } }, posted])
      .when({ type: 'PostMessage', data: { ...posted.data, content: 'Hello again' } })
      .thenThrows('id_taken', { message: 'A record with this id already exists' });
  });

  it('grows one log for a fold, and each state still reads as it was made, also where two grew from one', () => {
    const said = (messageId: string): MessagePosted => ({ ...posted, data: { ...posted.data, messageId } });
    const { evolve, initialState, decide } = chatDecider;
    const one = evolve(initialState(), said('m1'));
    const a = evolve(one, said('m2'));
    const b = evolve(one, said('m3'));
    const post = (messageId: string) => ({ type: 'PostMessage' as const, data: { ...posted.data, messageId } });
    // `one` knows m1 only; `a` m1 and m2; `b` m1 and m3.
    expect(() => decide(post('m1'), one)).toThrow('A record with this id already exists');
    expect(decide(post('m2'), one)).toHaveLength(1);
    expect(decide(post('m3'), one)).toHaveLength(1);
    expect(() => decide(post('m2'), a)).toThrow('A record with this id already exists');
    expect(decide(post('m3'), a)).toHaveLength(1);
    expect(() => decide(post('m3'), b)).toThrow('A record with this id already exists');
    expect(decide(post('m2'), b)).toHaveLength(1);
  });

  describe('MarkNoReplyNeeded', () => {
    const said = (messageId: string, isFromAdmin = false): MessagePosted => ({ ...posted, data: { ...posted.data, messageId, isFromAdmin, content: `Message ${messageId}` } });
    const mark = (messageId: string) => ({ type: 'MarkNoReplyNeeded' as const, data: { bookingId: 'b1', messageId } });
    const marked = (messageId: string): ChatMarkedNoReplyNeeded => ({ type: 'ChatMarkedNoReplyNeeded', data: { bookingId: 'b1', messageId } });

    it("marks the customer's latest message as needing no reply", () => {
      spec(chatDecider).given([said('m1'), said('m2', true), said('m3')]).when(mark('m3')).thenEvents([marked('m3')]);
    });
    it('takes a newer customer message after an earlier mark (the chat waited again)', () => {
      spec(chatDecider).given([said('m1'), marked('m1'), said('m2')]).when(mark('m2')).thenEvents([marked('m2')]);
    });
    it('appends nothing for a message marked already, or older than the one marked (a late offline mark)', () => {
      spec(chatDecider).given([said('m1'), marked('m1')]).when(mark('m1')).thenEvents([]);
      spec(chatDecider).given([said('m1'), said('m2'), marked('m2')]).when(mark('m1')).thenEvents([]);
    });
    it('takes an older message than the latest when nothing later is marked: the newer one still waits', () => {
      spec(chatDecider).given([said('m1'), said('m2')]).when(mark('m1')).thenEvents([marked('m1')]);
    });
    it("refuses the business's own message, and a message not in this chat", () => {
      spec(chatDecider)
        .given([said('m1'), said('m2', true)])
        .when(mark('m2'))
        .thenThrows('message_from_business', { message: 'Only a customer’s message can be marked as needing no reply' });
      spec(chatDecider).given([said('m1')]).when(mark('m9')).thenThrows('message_not_found', { message: 'Message not found' });
      spec(chatDecider).given([]).when(mark('m1')).thenThrows('message_not_found');
    });
  });

  describe('MarkReplyNeeded (taking "no reply needed" back)', () => {
    const said = (messageId: string, isFromAdmin = false): MessagePosted => ({ ...posted, data: { ...posted.data, messageId, isFromAdmin, content: `Message ${messageId}` } });
    const marked = (messageId: string): ChatMarkedNoReplyNeeded => ({ type: 'ChatMarkedNoReplyNeeded', data: { bookingId: 'b1', messageId } });
    const undo = (messageId: string) => ({ type: 'MarkReplyNeeded' as const, data: { bookingId: 'b1', messageId } });
    const unmarked = (messageId: string): ChatMarkedReplyNeeded => ({ type: 'ChatMarkedReplyNeeded', data: { bookingId: 'b1', messageId } });

    it('takes back the mark on the message marked', () => {
      spec(chatDecider).given([said('m1'), said('m2'), marked('m2')]).when(undo('m2')).thenEvents([unmarked('m2')]);
    });
    it('appends nothing when asked again, or when nothing was ever marked', () => {
      spec(chatDecider).given([said('m1'), marked('m1'), unmarked('m1')]).when(undo('m1')).thenEvents([]);
      spec(chatDecider).given([said('m1')]).when(undo('m1')).thenEvents([]);
    });
    it('leaves a newer mark alone (an undo made offline that arrives after a later message was marked)', () => {
      spec(chatDecider).given([said('m1'), marked('m1'), said('m2'), marked('m2')]).when(undo('m1')).thenEvents([]);
    });
    it('lets the message be marked again after the undo (changed his mind twice)', () => {
      spec(chatDecider)
        .given([said('m1'), marked('m1'), unmarked('m1')])
        .when({ type: 'MarkNoReplyNeeded', data: { bookingId: 'b1', messageId: 'm1' } })
        .thenEvents([marked('m1')]);
    });
    it("refuses the business's own message, and a message not in this chat", () => {
      spec(chatDecider)
        .given([said('m1'), said('m2', true)])
        .when(undo('m2'))
        .thenThrows('message_from_business', { message: 'Only a customer’s message can be marked as needing no reply' });
      spec(chatDecider).given([said('m1'), marked('m1')]).when(undo('m9')).thenThrows('message_not_found', { message: 'Message not found' });
    });
  });
});
