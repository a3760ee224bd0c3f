import { describe, expect, it } from 'vitest';
import { BUSINESS } from '#domain/business.ts';
import { greeting, KEYWORD_GROUPS, replyFor, topicOf, typingDelayMs } from '#domain/widgets/chat.ts';
import { isClientRoute } from '#domain/routes.ts';
import { seeded } from '../support/random.ts';

describe('greeting', () => {
  it('offers a call, WhatsApp, a quote and Learn More about rewiring', () => {
    const { actions, text } = greeting();
    expect(text).toContain(BUSINESS.name);
    expect(actions.find((a) => a.label === 'Learn More')?.href).toBe('/rewiring-surrey');
    expect(actions.find((a) => a.kind === 'call')?.href).toBe(`tel:${BUSINESS.phoneE164}`);
    expect(actions.find((a) => a.kind === 'whatsapp')?.href).toMatch(new RegExp(`^https://wa\\.me/${BUSINESS.whatsappE164}\\?text=`));
    expect(actions.some((a) => a.href === '/#contact')).toBe(true);
  });
});

describe('replyFor', () => {
  it.each(['', '   ', '\n\t '])('ignores blank input %j', (text) => {
    expect(replyFor(text)).toBeNull();
  });

  it.each([
    'How much does it cost?',
    'What are your prices?',
    'Can I get a quote?',
    'PRICE?',
    'pricing for a new kitchen circuit',
    'costs',
    'quotation please',
    'Could you give me an estimate',
    'I was quoted £400 elsewhere, is that fair',
    'hi, how much would it be',
  ])('answers %j with the price reply', (text) => {
    expect(replyFor(text)?.topic).toBe('price');
  });

  it('answers a price question about a fuse box with what a consumer unit’s price depends on, not the rewire’s', () => {
    for (const text of ['How much for a fuse box?', 'what does a new consumer unit cost', 'Price of a fuse-board upgrade']) {
      const reply = replyFor(text)!;
      expect(reply.topic).toBe('price');
      expect(reply.text).toContain('consumer unit');
      expect(reply.text).not.toContain('rewire');
    }
    expect(replyFor('how much is a rewire')!.text).toContain('rewire costs');
  });

  it.each([
    'URGENT!!',
    'This is an emergency',
    'help, no power upstairs',
    'there is a burning smell',
    'urgent: Staines',
    'I smell burning from my fuse box',
    'sparks coming out of the plug',
    'my power is off',
    'got an electric shock from the light switch',
    'the socket is scorched and buzzing',
    'urgent – how much?',
    'the RCD tripped and will not reset',
  ])('answers %j as an emergency', (text) => {
    expect(replyFor(text)?.topic).toBe('emergency');
  });

  it.each(['Which areas do you cover?', 'Where are you located?', 'Do you work in Esher?', 'Do you come to Walton-on-Thames', 'anyone near me'])('answers %j about the area', (text) => {
    expect(replyFor(text)?.topic).toBe('area');
  });

  it.each(['Do I need a rewire?', 'consumer unit replacement', 'my FUSE-BOX is ancient', 'old fuse box', 'Rewiring'])('answers %j about rewiring', (text) => {
    expect(replyFor(text)?.topic).toBe('rewiring');
  });

  it.each(['Are you qualified?', 'Certified electricians?', 'Are you Part P registered', 'are you insured'])('answers %j about qualifications', (text) => {
    expect(replyFor(text)?.topic).toBe('qualified');
  });

  it.each(['hi', 'hello', 'Hi!', 'HELLO there', 'Good morning'])('greets back on %j', (text) => {
    expect(replyFor(text)?.topic).toBe('greeting');
  });

  it('tries an emergency first, then the seed order: price, area, rewiring, qualified, greetings', () => {
    expect(KEYWORD_GROUPS.map((g) => g.topic)).toEqual(['emergency', 'price', 'area', 'rewiring', 'qualified', 'greeting']);
    expect(topicOf('urgent rewire in Staines, what does it cost')).toBe('emergency');
    expect(topicOf('rewire in Staines, what does it cost')).toBe('price');
    expect(topicOf('urgent rewire in Staines')).toBe('emergency');
    expect(topicOf('rewire in Staines')).toBe('area');
    expect(topicOf('hello, are you qualified to rewire')).toBe('rewiring');
    expect(topicOf('hello, are you qualified')).toBe('qualified');
  });

  it('matches whole words only: listed inflections like "quoted" count, words that merely contain a keyword do not', () => {
    expect(topicOf('quoted')).toBe('price');
    expect(topicOf('costume party')).toBe('default');
    expect(topicOf('an unquoted remark')).toBe('default');
    expect(topicOf('this chilly thing')).toBe('default');
    expect(topicOf('hippos')).toBe('default');
    expect(topicOf('coverage')).toBe('area');
    expect(topicOf('discovered a problem')).toBe('default');
  });

  it('falls back to the default reply, with the phone number, hours and 24/7', () => {
    const reply = replyFor('Can you hang a mirror?');
    expect(reply?.topic).toBe('default');
    expect(reply?.text).toContain(BUSINESS.phone);
    expect(reply?.text).toContain('Monday to Friday 8:00–18:00');
    expect(reply?.text).toContain(BUSINESS.emergency);
  });

  it('mentions the business facts in the emergency and area replies', () => {
    const emergency = replyFor('emergency')!;
    expect(emergency.text).toContain(BUSINESS.phone);
    expect(emergency.text).toContain('24/7');
    expect(emergency.text).toContain(`${BUSINESS.responseMinutes} minutes`);
    const area = replyFor('area')!;
    expect(area.text).toContain('Ashford');
    expect(area.text).toContain(`${BUSINESS.serviceRadiusKm} km`);
  });

  it('links only to routes the app answers, plus tel and WhatsApp', () => {
    const replies = ['price', 'urgent', 'area', 'rewire', 'qualified', 'hi', 'mirror'].map((t) => replyFor(t)!);
    for (const action of [...replies, greeting()].flatMap((r) => r.actions)) {
      if (action.kind === 'link') expect(isClientRoute(action.href.replace(/#.*$/, '')), action.href).toBe(true);
      else expect(action.href).toMatch(/^(tel:\+44|https:\/\/wa\.me\/)/);
    }
  });
});

describe('typingDelayMs', () => {
  it('waits 1000 ms when the random extra is 0', () => {
    expect(typingDelayMs(() => 0)).toBe(1000);
  });
  it('stays under 2000 ms at the top of the range', () => {
    expect(typingDelayMs(() => 0.999)).toBeLessThan(2000);
    expect(typingDelayMs(() => 0.999)).toBeGreaterThanOrEqual(1998);
    expect(typingDelayMs(() => 1)).toBeLessThan(2000);
  });
  it('adds the random share of 1000 ms', () => {
    expect(typingDelayMs(() => 0.5)).toBe(1500);
  });
  it('treats a broken random source as no extra', () => {
    expect(typingDelayMs(() => Number.NaN)).toBe(1000);
    expect(typingDelayMs(() => -3)).toBe(1000);
  });
  it('gives whole milliseconds between 1000 and 1999 for any seeded sequence', () => {
    const random = seeded(7);
    for (let i = 0; i < 500; i++) {
      const ms = typingDelayMs(random);
      expect(Number.isInteger(ms)).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(1000);
      expect(ms).toBeLessThan(2000);
    }
  });
});
