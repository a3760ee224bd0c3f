import { BUSINESS } from '../business.ts';
import { COVERAGE_TOWNS, SERVICE_AREA_TOWNS } from '../content/areas.ts';
import { TEL_HREF, hoursSentence, joinWords, whatsappHref } from '../content/shared.ts';

/** The typing indicator shows for this long at least (seed point 2)… */
export const TYPING_DELAY_BASE_MS = 1000;
/** …plus a random extra of up to this much, so replies feel typed rather than instant. */
export const TYPING_DELAY_EXTRA_MS = 1000;

/** A button under a chat message: a phone call, a WhatsApp chat (new tab) or a link within the site. */
export type ChatAction = {
  readonly label: string;
  readonly href: string;
  readonly kind: 'call' | 'whatsapp' | 'link';
};

/** Which canned answer a message got; the widget may style or log by it. */
export type ReplyTopic = 'welcome' | 'price' | 'emergency' | 'area' | 'rewiring' | 'qualified' | 'greeting' | 'default';

/** A scripted answer of the chat widget. */
export type Reply = {
  readonly topic: ReplyTopic;
  readonly text: string;
  readonly actions: readonly ChatAction[];
};

/** A topic and the words or phrases that trigger it. */
export type KeywordGroup = { readonly topic: Exclude<ReplyTopic, 'welcome' | 'default'>; readonly keywords: readonly string[] };

/**
 * The seed's six keyword groups (point 2), in the order they are tried: the first group with a match wins,
 * so 'hi, how much is a rewire?' is a price question. An emergency comes first, before the seed's price: 'I smell
 * burning from my fuse box' got the consumer unit's sales reply, and 'urgent, how much?' a price, where the answer
 * must be "call us now". Its words are the signs of danger people write (burning, sparks, a shock, the power off), not
 * only "emergency". Keywords match whole words only, case-insensitively;
 * inflections are listed explicitly ('quoted' is a price word, 'costume' is not), and the words of a phrase
 * may be separated by spaces or hyphens ('fuse box', 'fuse-box').
 */
export const KEYWORD_GROUPS: readonly KeywordGroup[] = [
  {
    topic: 'emergency',
    keywords: [
      'emergency',
      'emergencies',
      'urgent',
      'urgently',
      'asap',
      'danger',
      'dangerous',
      'power cut',
      'power off',
      'power out',
      'power is off',
      'power is out',
      'power went off',
      'power has gone',
      'no power',
      'no electricity',
      'no lights',
      'lights went out',
      'blackout',
      'burning',
      'burnt',
      'burned',
      'burning smell',
      'scorched',
      'scorch marks',
      'melted',
      'melting',
      'smoking',
      'smoke coming',
      'smell of smoke',
      'on fire',
      'spark',
      'sparks',
      'sparked',
      'sparking',
      'shock',
      'shocks',
      'electric shock',
      'electrocuted',
      'buzzing',
      'crackling',
      'exposed wires',
      'live wire',
      'tripped',
      'tripping',
      'trips',
      'keeps tripping',
    ],
  },
  {
    topic: 'price',
    keywords: ['price', 'prices', 'priced', 'pricing', 'cost', 'costs', 'costing', 'quote', 'quotes', 'quoted', 'quoting', 'quotation', 'quotations', 'estimate', 'estimates', 'how much', 'fee', 'fees', 'cheap', 'cheaper', 'expensive', 'afford', 'affordable', 'budget'],
  },
  {
    topic: 'area',
    keywords: ['area', 'areas', 'location', 'locations', 'located', 'cover', 'covers', 'coverage', 'near me', 'nearby', 'postcode', 'surrey', 'london', ...townWords()],
  },
  {
    topic: 'rewiring',
    keywords: ['rewire', 'rewires', 'rewired', 'rewiring', 'wiring', 'consumer unit', 'consumer units', 'fuse box', 'fuse boxes', 'fusebox', 'fuseboxes', 'fuse board', 'fuseboard'],
  },
  {
    topic: 'qualified',
    keywords: ['qualified', 'qualification', 'qualifications', 'certified', 'certification', 'certificate', 'certificates', 'accredited', 'registered', 'approved', 'licensed', 'licenced', 'insured', 'insurance', 'part p', '18th edition'],
  },
  {
    topic: 'greeting',
    keywords: ['hi', 'hello', 'hey', 'hiya', 'greetings', 'good morning', 'good afternoon', 'good evening'],
  },
];

const call: ChatAction = { label: 'Call Now', href: TEL_HREF, kind: 'call' };
const whatsapp: ChatAction = { label: 'WhatsApp Us', href: whatsappHref(), kind: 'whatsapp' };
const quote: ChatAction = { label: 'Get a Free Quote', href: '/#contact', kind: 'link' };

/** What the widget says when it is opened with no messages yet (seed point 2). */
export function greeting(): Reply {
  return {
    topic: 'welcome',
    text: `Hello, and welcome to ${BUSINESS.name}! Ask me about prices, emergencies, the areas we cover or our qualifications, or choose an option below.`,
    actions: [call, whatsapp, quote, { label: 'Learn More', href: '/rewiring-surrey', kind: 'link' }],
  };
}

/** The scripted answer to a visitor's message; null for empty or whitespace-only input, which the widget ignores. */
export function replyFor(text: string): Reply | null {
  const topic = topicOf(text);
  if (topic === null) return null;
  // 'How much is a new fuse box?' is a price question about a consumer unit: the rewire's price was the wrong guide.
  if (topic === 'price' && UNIT_WORDS.test(normalised(text))) return UNIT_PRICE;
  return REPLIES[topic];
}

/** The topic a message triggers: the first matching keyword group, 'default' if none, null if the message is blank. */
export function topicOf(text: string): Exclude<ReplyTopic, 'welcome'> | null {
  const words = normalised(text);
  if (words.trim() === '') return null;
  for (const group of MATCHERS) {
    if (group.pattern.test(words)) return group.topic;
  }
  return 'default';
}

/** A message as the keywords are matched against it: one Unicode form, lower case, every apostrophe the plain one. */
function normalised(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\u2018\u2019]/g, "'");
}

/**
 * How long the typing indicator shows before a reply: 1000 ms plus up to 1000 ms at random, in whole
 * milliseconds and always under 2000. Randomness is injected (pass `Math.random` in the widget).
 */
export function typingDelayMs(random: () => number): number {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 0.999) : 0;
  return TYPING_DELAY_BASE_MS + Math.floor(unit * TYPING_DELAY_EXTRA_MS);
}

const REPLIES: Readonly<Record<Exclude<ReplyTopic, 'welcome'>, Reply>> = {
  price: {
    topic: 'price',
    text: `Every job is different, so our quotes are free and come with no obligation. As a guide, a typical three-bedroom rewire costs £3,000–£6,000. Send us the details through the quote form or on WhatsApp and we will get back to you ${BUSINESS.replyPromise}.`,
    actions: [quote, whatsapp],
  },
  emergency: {
    topic: 'emergency',
    text: `For an electrical emergency, please call us now on ${BUSINESS.phone}. We are available ${BUSINESS.emergency} and aim to be with you within ${BUSINESS.responseMinutes} minutes. If you smell burning or see sparks, switch off at the consumer unit if it is safe to do so. If anyone is hurt or there is a fire, call 999 first.`,
    actions: [call, { label: 'Emergency Help', href: '/emergency-electrician-ashford', kind: 'link' }],
  },
  area: {
    topic: 'area',
    text: `We are based in ${BUSINESS.address.town}, ${BUSINESS.address.county}, and work within about ${BUSINESS.serviceRadiusKm} km, including ${joinWords([...COVERAGE_TOWNS.slice(0, 8), 'the surrounding areas'])}. You get the same service, response times and pricing wherever you are.`,
    actions: [{ label: 'See the Map', href: '/#get-in-touch', kind: 'link' }, quote],
  },
  rewiring: {
    topic: 'rewiring',
    text: `We rewire homes and replace old fuse boxes with modern consumer units with RCD protection. Everything is tested, certified and covered by our ${BUSINESS.guaranteeYears}-year workmanship guarantee. A typical three-bedroom rewire costs £3,000–£6,000.`,
    actions: [
      { label: 'Learn More', href: '/rewiring-surrey', kind: 'link' },
      { label: 'Consumer Unit Upgrades', href: '/consumer-unit-upgrade-surrey', kind: 'link' },
    ],
  },
  qualified: {
    topic: 'qualified',
    text: `Yes. We are 18th Edition qualified, Part P registered and approved by a national electrical approval body, with ${BUSINESS.publicLiability} public liability insurance. Every job is certified and comes with our ${BUSINESS.guaranteeYears}-year workmanship guarantee.`,
    actions: [{ label: 'Read Our FAQ', href: '/faq', kind: 'link' }, quote],
  },
  greeting: {
    topic: 'greeting',
    text: 'Hello! How can we help today? You can ask about prices, emergencies, the areas we cover or rewiring.',
    actions: [quote, call],
  },
  default: {
    topic: 'default',
    text: `Thanks for your message. For a proper answer, call us on ${BUSINESS.phone} (${hoursSentence()}) or use the quote form and we will reply ${BUSINESS.replyPromise}. For emergencies we are available ${BUSINESS.emergency}.`,
    actions: [call, whatsapp, quote],
  },
};

const MATCHERS = KEYWORD_GROUPS.map((group) => ({ topic: group.topic, pattern: wholeWords(group.keywords) }));

/** A consumer unit by the names people give it. */
const UNIT_WORDS = wholeWords(['consumer unit', 'consumer units', 'fuse box', 'fuse boxes', 'fusebox', 'fuseboxes', 'fuse board', 'fuseboard']);

/** The price reply for a consumer unit: what its price depends on (the rewire's guide price was no guide to it). */
const UNIT_PRICE: Reply = {
  topic: 'price',
  text: `Every job is different, so our quotes are free and come with no obligation. For a new consumer unit (fuse box), the price depends on how many circuits you have and what our tests find; your written quote sets it out before any work starts. Send us the details through the quote form or on WhatsApp and we will get back to you ${BUSINESS.replyPromise}.`,
  actions: [quote, whatsapp, { label: 'Consumer Unit Upgrades', href: '/consumer-unit-upgrade-surrey', kind: 'link' }],
};

/** One regular expression matching any of the keywords as whole words (letters and digits count as word characters, in any script). */
function wholeWords(keywords: readonly string[]): RegExp {
  const alternatives = keywords.map((k) => k.trim().split(/[\s-]+/).map(escapeRegExp).join('[\\s-]+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The distinctive word of each map town ('Staines-upon-Thames' gives 'staines'), so 'do you come to Esher?' is an area question. */
function townWords(): string[] {
  return SERVICE_AREA_TOWNS.map((town) => town.name.split(/[\s-]/)[0]!.toLowerCase());
}
