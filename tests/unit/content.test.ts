import { describe, expect, it } from 'vitest';
import { BUSINESS } from '#domain/business.ts';
import { telHref } from '#domain/content/shared.ts';
import { clientRoutes, isClientRoute } from '#domain/routes.ts';
import * as areas from '#domain/content/areas.ts';
import * as faq from '#domain/content/faq.ts';
import * as home from '#domain/content/home.ts';
import * as landing from '#domain/content/landing.ts';
import * as pages from '#domain/content/pages.ts';
import * as privacy from '#domain/content/privacy.ts';
import * as serviceTypes from '#domain/content/service-types.ts';
import * as services from '#domain/content/services.ts';
import * as shared from '#domain/content/shared.ts';
import * as showcase from '#domain/content/showcase.ts';
import * as townPages from '#domain/content/town-pages.ts';
import * as chat from '#domain/widgets/chat.ts';
import * as tips from '#domain/widgets/safety-tips.ts';

const { SERVICE_AREA_TOWNS, haversineKm, distanceFromBaseKm, isWithinServiceArea, townsWithDistance, COVERAGE_TOWNS } = areas;
const { TOWN_PAGES, TOWN_PAGE_LIST } = townPages;
const today = new Date('2026-11-22T12:00:00Z');

/** Every string reachable from a value: the content as a visitor could ever see it. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

const modules = { areas, faq, home, landing, pages, privacy, services, serviceTypes, shared, showcase, townPages, chat, tips };
const chatSamples = ['', 'price', 'urgent', 'area', 'rewire', 'qualified', 'hello', 'something else'].map((t) => chat.replyFor(t));
const generated = [chat.greeting(), chatSamples, shared.hoursLines(), shared.hoursSentence(), areas.townsWithDistance(), shared.PROCESS_STEPS];
const allContent = stringsIn([modules, generated]);

describe('the services', () => {
  it('lists the eight services of the seed, in its order', () => {
    expect(services.SERVICES.map((s) => s.title)).toEqual([
      'Electrical Installation',
      'Rewiring Services',
      'Consumer Unit Upgrades',
      'Socket & Switch Installation',
      'Lighting Design',
      'EICR Testing',
      'Emergency Repairs',
      'Commercial Electrical',
    ]);
  });
  it('keeps every summary within 160 characters, with unique slugs and a few points each', () => {
    for (const s of services.SERVICES) {
      expect(s.summary.length, s.slug).toBeLessThanOrEqual(160);
      expect(s.points.length, s.slug).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(services.SERVICES.map((s) => s.slug)).size).toBe(8);
  });
  it('links only to routes the app answers', () => {
    for (const s of services.SERVICES) if (s.href) expect(isClientRoute(s.href), s.href).toBe(true);
  });
  it('keeps the three service-type lists of the seed exactly', () => {
    expect(serviceTypes.PUBLIC_SERVICE_TYPES).toEqual(['Electrical Installation', 'Electrical Repair', 'Electrical Maintenance', 'Testing & Inspection', 'Consumer Unit Upgrade']);
    const admin = ['electrical_installation', 'electrical_repair', 'rewiring', 'socket_installation', 'lighting_installation', 'fuse_box_upgrade', 'safety_inspection', 'emergency_callout'];
    expect(serviceTypes.ADMIN_SERVICE_TYPES.map((o) => o.value)).toEqual(admin);
    expect(serviceTypes.PORTAL_SERVICE_TYPES.map((o) => o.value)).toEqual([...admin, 'other']);
  });
  it('labels stored service types for people, whatever their origin', () => {
    expect(serviceTypes.serviceTypeLabel('fuse_box_upgrade')).toBe('Fuse Box Upgrade');
    expect(serviceTypes.serviceTypeLabel('Testing & Inspection')).toBe('Testing & Inspection');
    expect(serviceTypes.serviceTypeLabel('garden_office')).toBe('garden office');
  });
});

describe('the service area', () => {
  it('names the 19 towns exactly as the seed lists them', () => {
    expect(SERVICE_AREA_TOWNS.map((t) => t.name)).toEqual([
      'Ashford Surrey', 'Staines-upon-Thames', 'Sunbury-on-Thames', 'Shepperton', 'Feltham', 'Bedfont', 'Windsor', 'Egham', 'Richmond', 'Twickenham',
      'Hampton', 'Teddington', 'Molesey', 'Chiswick', 'Ealing', 'Hanwell', 'Walton-on-Thames', 'Esher', 'Weybridge',
    ]);
  });
  it('gives coordinates to at most 4 decimals, in the London and Surrey area', () => {
    for (const t of SERVICE_AREA_TOWNS) {
      expect(Math.round(t.lat * 1e4) / 1e4, t.name).toBe(t.lat);
      expect(Math.round(t.lng * 1e4) / 1e4, t.name).toBe(t.lng);
      expect(t.lat, t.name).toBeGreaterThan(51.3);
      expect(t.lat, t.name).toBeLessThan(51.6);
      expect(t.lng, t.name).toBeGreaterThan(-0.7);
      expect(t.lng, t.name).toBeLessThan(-0.2);
    }
  });
  it('puts every town within 50 km of the base, Ashford itself within 1 km', () => {
    for (const t of townsWithDistance()) {
      expect(t.distanceKm, t.name).toBeLessThan(BUSINESS.serviceRadiusKm);
      expect(isWithinServiceArea(t), t.name).toBe(true);
    }
    expect(distanceFromBaseKm(SERVICE_AREA_TOWNS[0]!)).toBeLessThan(1);
  });
  it('measures distances with the haversine formula', () => {
    const london = { lat: 51.5074, lng: -0.1278 };
    const paris = { lat: 48.8566, lng: 2.3522 };
    expect(haversineKm(london, paris)).toBeCloseTo(343.6, 0);
    expect(haversineKm(paris, london)).toBeCloseTo(haversineKm(london, paris), 9);
    expect(haversineKm(london, london)).toBe(0);
    expect(haversineKm({ lat: 51, lng: 0 }, { lat: 52, lng: 0 })).toBeCloseTo(111.2, 1);
  });
  it('leaves a point 60 km away outside the area', () => {
    expect(isWithinServiceArea({ lat: BUSINESS.base.lat + 60 / 111.2, lng: BUSINESS.base.lng })).toBe(false);
  });
  it('names the FAQ coverage, and every map town but Bedfont is in it', () => {
    expect(COVERAGE_TOWNS).toHaveLength(18);
    const onMap = new Set(SERVICE_AREA_TOWNS.map((t) => t.name));
    for (const name of COVERAGE_TOWNS) expect(onMap.has(name), name).toBe(true);
  });
});

describe('the town pages', () => {
  const seedAreas = {
    staines: ['Staines-upon-Thames', 'Ashford Surrey', 'Egham', 'Sunbury-on-Thames', 'Shepperton', 'Chertsey', 'Laleham', 'Feltham'],
    windsor: ['Windsor', 'Old Windsor', 'Eton', 'Datchet', 'Egham', 'Staines-upon-Thames'],
    feltham: ['Feltham', 'Bedfont', 'Hanworth', 'Ashford Surrey', 'Sunbury-on-Thames', 'Staines-upon-Thames', 'Shepperton', 'Whitton'],
    hampton: ['Hampton', 'Hampton Wick', 'Teddington', 'Sunbury-on-Thames', 'Molesey', 'Feltham', 'Ashford Surrey', 'Shepperton'],
    richmond: ['Richmond upon Thames', 'Ham', 'Petersham', 'Twickenham', 'Hampton', 'Teddington'],
  } as const;

  it('has the five towns, each on its own routed path', () => {
    expect(TOWN_PAGE_LIST.map((p) => p.slug)).toEqual(['/electrician-staines', '/electrician-windsor', '/electrician-feltham', '/electrician-hampton', '/electrician-richmond']);
    for (const p of TOWN_PAGE_LIST) expect(isClientRoute(p.slug)).toBe(true);
  });
  it('lists the areas each town covers exactly as the seed does', () => {
    for (const [key, expected] of Object.entries(seedAreas)) {
      expect(TOWN_PAGES[key as townPages.TownKey].areas, key).toEqual(expected);
    }
    expect(Object.values(seedAreas).map((a) => a.length)).toEqual([8, 6, 8, 8, 6]);
  });
  it('gives every town three trust cards, eight services and a WhatsApp greeting naming the town', () => {
    for (const p of TOWN_PAGE_LIST) {
      expect(p.trustCards, p.key).toHaveLength(3);
      expect(p.services, p.key).toHaveLength(8);
      expect(p.whyLocal.points.length, p.key).toBeGreaterThanOrEqual(3);
      expect(p.whatsappGreeting, p.key).toContain(p.town);
      expect(shared.whatsappHref(p.whatsappGreeting)).toBe(`https://wa.me/${BUSINESS.whatsappE164}?text=${encodeURIComponent(p.whatsappGreeting)}`);
    }
  });
  it('stresses period properties and conservation areas in Richmond', () => {
    const text = stringsIn(TOWN_PAGES.richmond).join(' ');
    for (const word of ['Georgian', 'Victorian', 'Edwardian', 'conservation area', 'period']) expect(text).toContain(word);
  });
});

describe('the landing pages', () => {
  it('has the three pages on routed paths, with benefits, steps and coverage', () => {
    expect(landing.LANDING_PAGE_LIST.map((p) => p.slug)).toEqual(['/rewiring-surrey', '/consumer-unit-upgrade-surrey', '/emergency-electrician-ashford']);
    for (const p of landing.LANDING_PAGE_LIST) {
      expect(isClientRoute(p.slug)).toBe(true);
      expect(p.benefits.items.length, p.key).toBeGreaterThanOrEqual(3);
      expect(p.steps.items.length, p.key).toBeGreaterThanOrEqual(4);
      expect(p.coverage.areas.length, p.key).toBeGreaterThanOrEqual(6);
    }
  });
  it('quotes the seed figures: the typical 3-bed rewire and the emergency response aim', () => {
    expect(stringsIn(landing.LANDING_PAGES.rewiring).join(' ')).toContain('£3,000–£6,000');
    expect(stringsIn(landing.LANDING_PAGES.emergency).join(' ')).toContain(`${BUSINESS.responseMinutes} minutes`);
  });
});

describe('the FAQ', () => {
  const text = faq.FAQ_ITEMS.map((i) => `${i.question} ${i.answer}`).join(' ');
  it('has exactly fifteen distinct questions', () => {
    expect(faq.FAQ_ITEMS).toHaveLength(15);
    expect(new Set(faq.FAQ_ITEMS.map((i) => i.question)).size).toBe(15);
  });
  it.each([
    '£2 million public liability', '18th Edition', 'Part P', '£3,000 and £6,000', '2–4 hours', 'every 5 years', 'every 10 years', 'someone new moves in',
    'every 3–5 years', '10-year workmanship guarantee', 'cash, bank transfer or card', 'payment plan', 'Not until the work is complete',
    'you have your certificates', 'Quotes are free', 'within 60 minutes', '24/7',
  ])('states %s', (fact) => {
    expect(text).toContain(fact);
  });
  it('names every town of the seed coverage list', () => {
    for (const town of COVERAGE_TOWNS) expect(text).toContain(town);
  });
});

describe('the home page', () => {
  it('has six gallery projects at 1200×800 with alt text, the first three eager', () => {
    expect(showcase.GALLERY.map((g) => g.image)).toEqual(['consumer-unit', 'kitchen-lighting', 'ev-charger', 'rewire', 'garden-lighting', 'commercial-board']);
    for (const g of showcase.GALLERY) {
      expect([g.width, g.height]).toEqual([1200, 800]);
      expect(g.alt.length, g.title).toBeGreaterThan(20);
    }
    expect(showcase.GALLERY_EAGER_COUNT).toBe(3);
  });
  it('has only real video ids and real links in the business facts: placeholders are left empty, not shipped', () => {
    for (const video of BUSINESS.videos) expect(showcase.isYouTubeId(video.youtubeId), video.title).toBe(true);
    expect(showcase.isYouTubeId('aBcD_eF-123')).toBe(true);
    expect(showcase.isYouTubeId('VIDEO_ID_1')).toBe(false);
    const links = [BUSINESS.links.social, ...BUSINESS.links.reviewSites.map((site) => site.url)].filter((url) => url !== null);
    for (const url of links) {
      expect(new URL(url).protocol, url).toBe('https:');
      // Reserved example domains (RFC 2606) are placeholders: a link there is unfinished work.
      expect(new URL(url).hostname, url).not.toMatch(/(^|\.)example(\.(com|org|net))?$/);
    }
  });
  it('quotes reviews by first name and town, and averages their stars to one decimal', () => {
    for (const r of BUSINESS.reviews) {
      expect(r.name).toMatch(/^[A-Z][a-z]+$/);
      expect([1, 2, 3, 4, 5]).toContain(r.rating);
    }
    expect(showcase.averageRating([])).toBe(0);
    const review = { name: 'Ann', town: 'Ashford', service: 'EICR', quote: 'Good.' };
    expect(showcase.averageRating([{ ...review, rating: 5 }, { ...review, rating: 4 }])).toBe(4.5);
    expect(showcase.averageRating([{ ...review, rating: 5 }, { ...review, rating: 4 }, { ...review, rating: 4 }])).toBe(4.3);
  });
  it('shows the six trust badges and the four-step process', () => {
    expect(home.BADGES.map((b) => b.key)).toEqual(['approval', 'partP', 'eighteenth', 'liability', 'emergency', 'customers']);
    expect(shared.PROCESS_STEPS.map((s) => s.title)).toEqual(['Consultation or site visit', 'Clear written quote', 'Installation', 'Testing and certification']);
  });
  it('sends every quote button to the quote form at /#contact', () => {
    expect(home.HOME_HERO.quoteHref).toBe('/#contact');
    expect(home.HOME_SECTIONS.quote.id).toBe('contact');
  });
});

describe('the privacy policy', () => {
  const text = stringsIn(privacy.PRIVACY_POLICY).join(' ');
  it('has the seed sections, in order', () => {
    expect(privacy.PRIVACY_POLICY.sections.map((s) => s.id)).toEqual(['controller', 'data-we-collect', 'cookies', 'legal-bases', 'sharing', 'your-rights', 'security-retention', 'contact']);
  });
  it('names the controller from the business facts', () => {
    for (const fact of [BUSINESS.legalName, BUSINESS.email, BUSINESS.phone, BUSINESS.address.postcode]) expect(text).toContain(fact);
  });
  it.each(['Access', 'Rectification', 'Erasure', 'Restriction', 'Portability', 'Objection', "Information Commissioner's Office"])('lists the right of %s', (right) => {
    expect(text).toContain(right);
  });
  it('promises what the product does: essential cookies, per-person keys, 7-year retention', () => {
    expect(text).toContain('essential cookies only');
    expect(text).toContain('one session cookie');
    expect(text).toContain('local storage');
    expect(text).toContain('key that is unique to you');
    expect(text).toContain(`${BUSINESS.retentionYears} years`);
  });
});

describe('page meta', () => {
  it('covers every route in the route table', () => {
    expect(Object.keys(pages.PAGE_META).sort()).toEqual(clientRoutes.map((r) => r.path).sort());
  });
  it('keeps every description within 155 characters and every title branded', () => {
    for (const [path, meta] of Object.entries(pages.PAGE_META)) {
      expect(meta.description.length, path).toBeLessThanOrEqual(155);
      expect(meta.description.length, path).toBeGreaterThan(0);
      expect(meta.title, path).toContain(BUSINESS.name);
      expect(meta.title.length, path).toBeLessThanOrEqual(70);
    }
  });
  it('gives every public page keywords', () => {
    for (const route of clientRoutes.filter((r) => r.kind === 'public')) expect(pages.PAGE_META[route.path].keywords.length, route.path).toBeGreaterThan(0);
  });
});

describe('claims across all content', () => {
  it.each(['5-year', 'five-year', '2015', '20+ years', 'warranty', 'over 15 years', 'cheapest'])('never says %s', (claim) => {
    const offending = allContent.filter((s) => s.toLowerCase().includes(claim.toLowerCase()));
    expect(offending).toEqual([]);
  });
  it('gives every guarantee as the one 10-year workmanship guarantee', () => {
    const stated = allContent.flatMap((s) => [...s.matchAll(/(\d+)[- ]year(?:s)? (?:workmanship )?guarantee/gi)].map((m) => Number(m[1])));
    expect(stated.length).toBeGreaterThan(5);
    expect(new Set(stated)).toEqual(new Set([BUSINESS.guaranteeYears]));
  });
  it('never hard-codes a number of years of experience', () => {
    expect(allContent.filter((s) => /\b\d+\+? years(?: of experience| in business| experience)/i.test(s))).toEqual([]);
  });
  it('uses no placeholder but {years}', () => {
    expect(allContent.filter((s) => /\{(?!years\})/.test(s.replace(/\$\{/g, '')))).toEqual([]);
  });
});

describe('years of experience in copy', () => {
  it('given copy with the placeholder, when rendered in 2026, then it reads 17 years', () => {
    expect(shared.withYears('For {years} years, {years} is the number', today)).toBe('For 17 years, 17 is the number');
  });
  it('fills a whole page object and leaves no placeholder behind', () => {
    const rendered = shared.withYearsDeep({ home: home.ABOUT, staines: TOWN_PAGES.staines }, today);
    const strings = stringsIn(rendered);
    expect(strings.some((s) => s.includes('{years}'))).toBe(false);
    expect(rendered.staines.hero.lead).toContain('for 17 years');
    expect(rendered.home.stats[0].value).toBe('17');
    expect(stringsIn(home.ABOUT).some((s) => s.includes('{years}'))).toBe(true);
  });
  it('keeps non-string values as they are', () => {
    expect(shared.withYearsDeep({ n: 3, b: true, none: null }, today)).toEqual({ n: 3, b: true, none: null });
  });
});

describe('shared helpers', () => {
  it('states the opening hours from the business facts, joining days with the same hours', () => {
    expect(shared.hoursLines()).toEqual(['Monday to Friday: 8:00–18:00', 'Saturday: 9:00–16:00', 'Sunday: 9:00–16:00', 'Bank holidays: closed']);
    expect(shared.hoursSentence()).toBe('Monday to Friday 8:00–18:00; Saturday and Sunday 9:00–16:00; closed on bank holidays');
  });
  it('says when a job’s hours fall outside the opening hours of any of its days', () => {
    const job = (startDate: string, startTime: string | null, finishTime: string | null, finishDate = startDate) => ({ startDate, finishDate, startTime, finishTime });
    // 2027-03-05 is a Friday, 03-06 a Saturday, 03-07 a Sunday.
    expect(shared.outsideHours(job('2027-03-05', '08:00', '18:00'))).toBeNull();
    expect(shared.outsideHours(job('2027-03-05', '07:30', '12:00'))).toBe('Friday 8:00–18:00');
    expect(shared.outsideHours(job('2027-03-06', '09:00', '17:00'))).toBe('Saturday 9:00–16:00');
    // Several days keep their hours each day: Friday to Monday at 09:00–17:00 runs past Saturday's closing.
    // Every day it runs past is named, days with the same hours joined, each weekday once (a fortnight's job has two Saturdays).
    expect(shared.outsideHours(job('2027-03-05', '09:00', '17:00', '2027-03-08'))).toBe('Saturday and Sunday 9:00–16:00');
    expect(shared.outsideHours(job('2027-03-05', '07:30', '17:00', '2027-03-08'))).toBe('Monday and Friday 8:00–18:00; Saturday and Sunday 9:00–16:00');
    expect(shared.outsideHours(job('2027-03-07', '09:00', '17:00', '2027-03-13'))).toBe('Saturday and Sunday 9:00–16:00');
    // Three weekdays or more in a row as a span.
    expect(shared.outsideHours(job('2027-03-08', '07:00', '16:00', '2027-03-12'))).toBe('Monday to Friday 8:00–18:00');
    expect(shared.outsideHours(job('2027-03-10', '07:00', '17:00', '2027-03-14'))).toBe('Wednesday to Friday 8:00–18:00; Saturday and Sunday 9:00–16:00');
    expect(shared.outsideHours(job('2027-03-08', '07:00', '17:00', '2027-03-14'))).toBe('Monday to Friday 8:00–18:00; Saturday and Sunday 9:00–16:00');
    expect(shared.outsideHours(job('2027-03-05', '09:00', '16:00', '2027-03-08'))).toBeNull();
    expect(shared.outsideHours(job('2027-03-08', '08:00', '18:00', '2027-03-12'))).toBeNull();
    expect(shared.outsideHours(job('2027-04-05', '08:00', '18:00', '2027-04-30'))).toBe('Saturday and Sunday 9:00–16:00');
    // Bank holidays are closedHolidays', not named here, a weekday's hours being those of its other weeks:
    // 2026-12-25 is Christmas Day (a Friday), 12-28 Boxing Day's substitute (a Monday), 2027-01-01 New Year's Day.
    expect(shared.outsideHours(job('2026-12-25', '09:00', '17:00'))).toBeNull();
    expect(shared.outsideHours(job('2026-12-24', '09:00', '17:00', '2026-12-29'))).toBe('Saturday and Sunday 9:00–16:00');
    expect(shared.outsideHours(job('2026-12-25', '07:00', '16:00', '2027-01-08'))).toBe('Monday to Friday 8:00–18:00; Saturday and Sunday 9:00–16:00');
    expect(shared.closedHolidays('2026-12-24', '2026-12-29').map((holiday) => holiday.day)).toEqual(['2026-12-25', '2026-12-28']);
    expect(shared.closedHolidays('2026-12-25', null).map((holiday) => holiday.name)).toEqual(['Christmas Day']);
    expect(shared.closedHolidays('2026-12-25', '2026-12-01').map((holiday) => holiday.name)).toEqual(['Christmas Day']);
    expect(shared.closedHolidays('2026-12-26', '2026-12-27')).toEqual([]);
    expect(shared.closedHolidays(null, '2026-12-27')).toEqual([]);
    expect(shared.outsideHours(job('2026-12-26', '09:00', '16:00'))).toBeNull();
    // A start at or after closing, with no finish given; a finish before opening.
    expect(shared.outsideHours(job('2027-03-05', '19:00', null))).toBe('Friday 8:00–18:00');
    expect(shared.outsideHours(job('2027-03-05', null, '07:30'))).toBe('Friday 8:00–18:00');
    // A finish date before the start is looked at as the start day alone.
    expect(shared.outsideHours(job('2027-03-05', '09:00', '17:00', '2027-03-01'))).toBeNull();
    expect(shared.outsideHours(job('2027-03-06', null, null))).toBeNull();
    expect(shared.outsideHours({ startDate: null, finishDate: null, startTime: '06:00', finishTime: null })).toBeNull();
  });
  it('gives a job without a time the booking forms’ hours, cut to its days’ closing, never outside the hours', () => {
    // 2027-03-01 is a Monday.
    const week = Array.from({ length: 7 }, (_, i) => `2027-03-0${i + 1}`);
    expect(week.map((day) => shared.jobHours(day))).toEqual([
      ...Array.from({ length: 5 }, () => ({ startTime: '09:00', finishTime: '17:00' })),
      { startTime: '09:00', finishTime: '16:00' },
      { startTime: '09:00', finishTime: '16:00' },
    ]);
    for (const day of week) expect(shared.outsideHours({ startDate: day, finishDate: day, ...shared.jobHours(day) })).toBeNull();
    expect(shared.jobHours('not a day')).toEqual({ startTime: '09:00', finishTime: '17:00' });
    // Several days: within the hours of each (Friday to Monday takes in a Saturday), never outside them.
    expect(shared.jobHours('2027-03-01', '2027-03-05')).toEqual({ startTime: '09:00', finishTime: '17:00' });
    expect(shared.jobHours('2027-03-05', '2027-03-08')).toEqual({ startTime: '09:00', finishTime: '16:00' });
    expect(shared.outsideHours({ startDate: '2027-03-05', finishDate: '2027-03-08', ...shared.jobHours('2027-03-05', '2027-03-08') })).toBeNull();
    // A finish before the start, or none: the start day alone.
    expect(shared.jobHours('2027-03-06', '2027-03-01')).toEqual({ startTime: '09:00', finishTime: '16:00' });
    expect(shared.jobHours('2027-03-05', '')).toEqual({ startTime: '09:00', finishTime: '17:00' });
    expect(shared.otherDayHours()).toBe('Saturday and Sunday 09:00–16:00');
    // A bank holiday changes nothing (the business is closed then: outsideHours says so): Christmas Day 2026 is a Friday.
    expect(shared.jobHours('2026-12-25')).toEqual({ startTime: '09:00', finishTime: '17:00' });
    expect(shared.jobHours('2026-12-24', '2026-12-25')).toEqual({ startTime: '09:00', finishTime: '17:00' });
  });
  it('joins words the British way', () => {
    expect(shared.joinWords([])).toBe('');
    expect(shared.joinWords(['a'])).toBe('a');
    expect(shared.joinWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
  it('links to the phone and WhatsApp numbers of the business facts', () => {
    expect(shared.TEL_HREF).toBe(`tel:${BUSINESS.phoneE164}`);
    expect(shared.whatsappHref()).toContain(encodeURIComponent(shared.GENERAL_WHATSAPP_GREETING));
  });
});

describe('telHref', () => {
  it('rings a number as it was typed, without the (0) written after +44, which is not dialled', () => {
    expect(telHref('01632 960123')).toBe('tel:01632960123');
    expect(telHref('+44 1632 960123')).toBe('tel:+441632960123');
    expect(telHref('+44 (0)1632 960123')).toBe('tel:+441632960123');
    expect(telHref('+44 (0) 7700 900123')).toBe('tel:+447700900123');
    expect(telHref('0044 (0)1632 960123')).toBe('tel:00441632960123');
    expect(telHref('+33 1 23 45 67 89')).toBe('tel:+33123456789');
  });
});
