import { bankHolidaysBetween } from '#domain/bank-holidays.ts';
import { BUSINESS } from '#domain/business.ts';
import { SERVICE_AREA_TOWNS } from '#domain/content/areas.ts';
import { FAQ_ITEMS } from '#domain/content/faq.ts';
import { SERVICE_GROUPS, SERVICES } from '#domain/content/services.ts';
import { addDays, londonDay } from '#domain/days.ts';
import { OG_IMAGE } from './head.ts';

/** A schema.org JSON-LD object; plain data, serialised into a `<script type="application/ld+json">` block. */
export type JsonLd = Record<string, unknown>;

/**
 * The business as search engines read it: an Electrician (a LocalBusiness subtype) with address, geo, the
 * towns and the 50 km circle it serves, opening hours and price range. Every page carries it, so each page
 * is tied to the same business entity (`@id`). A business closed on bank holidays lists those of the year from the
 * build's day as special hours, closed all day (opens and closes 00:00, as search engines read it), so that a search on
 * Boxing Day does not show it open.
 */
export function electricianJsonLd(siteUrl: string, today: string = londonDay(new Date())): JsonLd {
  const geo = { '@type': 'GeoCoordinates', latitude: BUSINESS.base.lat, longitude: BUSINESS.base.lng };
  return {
    '@context': 'https://schema.org',
    '@type': 'Electrician',
    '@id': `${siteUrl}/#business`,
    name: BUSINESS.name,
    legalName: BUSINESS.legalName,
    url: `${siteUrl}/`,
    telephone: BUSINESS.phoneE164,
    email: BUSINESS.email,
    image: `${siteUrl}${OG_IMAGE.path}`,
    logo: `${siteUrl}/icons/icon-512.png`,
    foundingDate: String(BUSINESS.established),
    priceRange: '££',
    ...sameAs(),
    address: {
      '@type': 'PostalAddress',
      streetAddress: BUSINESS.address.street,
      addressLocality: BUSINESS.address.town,
      addressRegion: BUSINESS.address.county,
      postalCode: BUSINESS.address.postcode,
      addressCountry: BUSINESS.address.country,
    },
    geo,
    areaServed: [
      ...SERVICE_AREA_TOWNS.map((town) => ({ '@type': 'City', name: town.name })),
      { '@type': 'GeoCircle', geoMidpoint: geo, geoRadius: BUSINESS.serviceRadiusKm * 1000 },
    ],
    openingHoursSpecification: BUSINESS.hours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: daysOf(hours.days),
      opens: hours.opens,
      closes: hours.closes,
    })),
    ...holidayHours(today),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'emergency',
      telephone: BUSINESS.phoneE164,
      areaServed: 'GB',
      availableLanguage: 'en-GB',
      hoursAvailable: { '@type': 'OpeningHoursSpecification', dayOfWeek: [...WEEKDAYS], opens: '00:00', closes: '23:59' },
    },
    knowsAbout: [...SERVICE_GROUPS],
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Electrical services',
      itemListElement: SERVICES.map((service) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: service.title, description: service.summary },
      })),
    },
  };
}

/** The /faq page's questions as a FAQPage, every question with its answer, in display order. */
export function faqPageJsonLd(siteUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    '@id': `${siteUrl}/faq#faq`,
    url: `${siteUrl}/faq`,
    mainEntity: FAQ_ITEMS.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/**
 * A JSON-LD block. `<` is escaped so no text in the data can close the script element. The block is data,
 * not script: the page policy's `script-src 'self'` does not apply to it, and browsers never execute it.
 */
export function jsonLdScript(data: JsonLd): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * schema.org day names for one of the business facts' labels ('Monday to Friday', 'Saturday'). A label
 * this does not understand stops the build instead of publishing wrong opening hours.
 */
function daysOf(label: string): string[] {
  const range = /^(\w+) to (\w+)$/.exec(label);
  const [first, last] = range ? [range[1], range[2]] : [label, label];
  const from = WEEKDAYS.findIndex((day) => day === first);
  const to = WEEKDAYS.findIndex((day) => day === last);
  if (from < 0 || to < from) throw new Error(`Opening hours: cannot read the days "${label}" of BUSINESS.hours`);
  return WEEKDAYS.slice(from, to + 1);
}

/** The bank holidays of the year from `today` as days closed, when the business closes on them; nothing otherwise. */
function holidayHours(today: string): { specialOpeningHoursSpecification?: JsonLd[] } {
  if (!BUSINESS.closedOnBankHolidays) return {};
  const days = bankHolidaysBetween(today, addDays(today, 365)).map((holiday) => ({
    '@type': 'OpeningHoursSpecification',
    name: holiday.name,
    opens: '00:00',
    closes: '00:00',
    validFrom: holiday.day,
    validThrough: holiday.day,
  }));
  return days.length > 0 ? { specialOpeningHoursSpecification: days } : {};
}

/** The business's pages elsewhere (social page, review sites), when any are set; no empty `sameAs`. */
function sameAs(): { sameAs?: string[] } {
  const urls = [BUSINESS.links.social, ...BUSINESS.links.reviewSites.map((site) => site.url)].filter((url): url is string => Boolean(url));
  return urls.length > 0 ? { sameAs: urls } : {};
}
