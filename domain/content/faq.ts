import { BUSINESS } from '../business.ts';
import { COVERAGE_TOWNS } from './areas.ts';
import type { PageMeta } from './shared.ts';
import { hoursSentence, joinWords } from './shared.ts';

/** One question of the FAQ accordion (seed point 3); also one entry of the page's FAQPage structured data. */
export type FaqItem = {
  readonly question: string;
  readonly answer: string;
};

/** The /faq page's head. */
export const FAQ_META: PageMeta = {
  title: `Frequently Asked Questions | ${BUSINESS.name}`,
  description: 'Answers on rewiring costs, EICRs, Part P, guarantees, payment and the areas we cover, from a local Surrey electrician. Free quotes, 24/7 emergencies.',
  keywords: ['electrician FAQ', 'rewire cost', 'how often EICR', 'Part P registered electrician', 'electrician Ashford Surrey'],
};

/** The FAQ page's own copy around the accordion (seed point 2). */
export const FAQ_PAGE = {
  hero: {
    heading: 'Frequently asked questions',
    lead: 'Straight answers to the questions we are asked most. If yours is not here, call us or send a WhatsApp message.',
  },
  closing: {
    heading: 'Still have a question?',
    text: 'Talk it through with a qualified electrician. Advice is free and there is no obligation.',
  },
} as const;

/**
 * The fifteen questions, in display order. Every figure comes from the seed's FAQ facts (point 9) and the
 * business facts, so the answers agree with the rest of the site.
 */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'Are your electricians qualified and insured?',
    answer: `Yes. Our electricians are qualified to the 18th Edition of the IET Wiring Regulations (BS\u00a07671), we are Part P registered, and we carry ${formatLiability()} public liability insurance. We are happy to show you our certificates and insurance before any work starts.`,
  },
  {
    question: 'What does Part P registered mean?',
    answer: 'Part P of the Building Regulations covers electrical safety in homes in England and Wales. Being registered means we can certify our own notifiable work, such as new circuits and consumer unit replacements, and notify Building Control for you. You then receive a compliance certificate, which you will need when you sell your home.',
  },
  {
    question: 'How much does it cost to rewire a house?',
    answer: 'A typical three-bedroom house costs between £3,000 and £6,000 to rewire. The final price depends on the size of the property, access under floors and in the loft, the number of sockets and lights, and your choice of fittings. We always give you a detailed written quote first.',
  },
  {
    question: 'Do you charge for quotes?',
    answer: 'No. Quotes are free and there is no obligation. For most jobs we visit to see the installation; for small jobs we can often quote from photos sent by WhatsApp.',
  },
  {
    question: 'What is an EICR and how long does it take?',
    answer: 'An Electrical Installation Condition Report (EICR) is a thorough inspection and test of your wiring, consumer unit, sockets and fittings. For a typical home it takes 2–4 hours, with the power off for part of that time. You receive a written report that explains anything we find and how urgent it is.',
  },
  {
    question: 'How often do I need an EICR?',
    answer: 'For rented homes, at least every 5 years (private landlords in England are required to have one). For homes you own, every 10 years, or when someone new moves in. For commercial premises, usually every 3–5 years, depending on the type of business.',
  },
  {
    question: 'Do you guarantee your work?',
    answer: `Yes. All our work comes with a ${BUSINESS.guaranteeYears}-year workmanship guarantee. If something we installed is not right because of how we did it, we come back and put it right at no cost to you.`,
  },
  {
    question: 'How can I pay?',
    answer: 'You can pay by cash, bank transfer or card, whichever suits you best. You receive a clear invoice that matches the quote you agreed to.',
  },
  {
    question: 'Do you offer payment plans?',
    answer: 'Yes, for larger projects such as full rewires we can arrange a payment plan. Ask when we quote and we will explain the options.',
  },
  {
    question: 'When do I pay?',
    answer: 'Not until the work is complete, fully tested and you have your certificates. We do not ask for payment for work you have not yet received.',
  },
  {
    question: 'Which areas do you cover?',
    answer: `We are based in Ashford, Surrey, and work within about ${BUSINESS.serviceRadiusKm} km of our base, including ${joinWords(COVERAGE_TOWNS)}. If you are not sure whether we cover your area, just ask.`,
  },
  {
    question: 'How quickly can you respond to an emergency?',
    answer: `Our emergency service runs ${BUSINESS.emergency}, including weekends and bank holidays. We aim to be with you within ${BUSINESS.responseMinutes} minutes, and when you call we give you a realistic arrival time and tell you the callout charge before we set off.`,
  },
  {
    question: 'Do I need to replace my fuse box?',
    answer: 'Not always, but it is worth checking if your fuse box has rewireable fuses, a wooden back board or no RCD protection. A modern consumer unit gives much better protection against shocks and fires. We will test your installation and give you an honest recommendation.',
  },
  {
    question: 'Will I get a certificate for the work?',
    answer: 'Yes. New circuits and larger jobs get an Electrical Installation Certificate, smaller additions a Minor Works Certificate, and inspections an EICR. Notifiable work is registered with Building Control and you receive the compliance certificate by post.',
  },
  {
    question: 'What are your opening hours?',
    answer: `Our office hours are ${hoursSentence()}. Emergency callouts are available ${BUSINESS.emergency}, whatever the time.`,
  },
];

/** '£2M' reads as '£2 million' in a sentence. */
function formatLiability(): string {
  return BUSINESS.publicLiability.replace(/M$/, ' million');
}
