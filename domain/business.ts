/**
 * One source of truth for the business's facts (product brief section 5). The defaults are obviously
 * fictional: Ofcom drama numbers (01632 960xxx, 07700 900xxx) and a reserved `.example` domain.
 */
export const BUSINESS = {
  name: 'SparkRight Electrical',
  legalName: 'SparkRight Electrical Ltd',
  established: 2009,
  phone: '01632 960123',
  phoneE164: '+441632960123',
  whatsapp: '07700 900123',
  whatsappE164: '447700900123',
  email: 'hello@sparkright.example',
  address: {
    street: '12 Station Road',
    town: 'Ashford',
    county: 'Surrey',
    postcode: 'TW15 2XX',
    country: 'GB',
  },
  base: { lat: 51.4343, lng: -0.4647 },
  serviceRadiusKm: 50,
  customers: '500+',
  publicLiability: '£2M',
  guaranteeYears: 10,
  responseMinutes: 60,
  hours: [
    { days: 'Monday to Friday', opens: '08:00', closes: '18:00' },
    { days: 'Saturday', opens: '09:00', closes: '16:00' },
    { days: 'Sunday', opens: '09:00', closes: '16:00' },
  ],
  emergency: '24/7',
  replyPromise: 'within 24 hours',
  retentionYears: 7,
  /**
   * The business's pages elsewhere (seed point 2: a social page and two review sites). Placeholders on
   * reserved example domains until the real listings exist; every link on the site and in the JSON-LD
   * (`sameAs`) reads them from here.
   */
  links: {
    social: 'https://social.example.com/sparkright-electrical',
    reviewSites: [
      { name: 'Google Reviews', url: 'https://reviews.example.com/sparkright-electrical' },
      { name: 'Trade Review Directory', url: 'https://trade-directory.example.com/sparkright-electrical' },
    ],
  },
} as const;

/** Years of experience, computed from the year established so it never goes stale. */
export function yearsOfExperience(today: Date = new Date()): number {
  return today.getFullYear() - BUSINESS.established;
}
