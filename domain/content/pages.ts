import { BUSINESS } from '../business.ts';
import type { ClientRoutePath } from '../routes.ts';
import { FAQ_META } from './faq.ts';
import { HOME_META } from './home.ts';
import { LANDING_PAGES } from './landing.ts';
import { PRIVACY_META } from './privacy.ts';
import type { PageMeta } from './shared.ts';
import { SUPPORT_META } from './support.ts';
import { TOWN_PAGES } from './town-pages.ts';

/**
 * Every routed page's head, in one table keyed by the route table's paths, so the prerenderer and each
 * route file read the same title and description. Whether a page is indexed follows its route `kind`
 * (only 'public' pages are); that is why the portal and tool pages need no keywords.
 */
export const PAGE_META: Readonly<Record<ClientRoutePath, PageMeta>> = {
  '/': HOME_META,
  '/customer': portal('Customer Portal', 'Request bookings, upload photos and documents, follow your jobs and message our team.'),
  '/customer-portal': portal('Customer Portal', 'Request bookings, upload photos and documents, follow your jobs and message our team.'),
  '/customer-auth': portal('Customer Sign In', 'Sign in or create your customer account to book work and follow your jobs.'),
  '/admin': portal('Admin Portal', 'Staff sign-in.'),
  '/password-reset': portal('Admin Password Reset', 'Reset the password of a staff account.'),
  '/forgot-password': portal('Forgot Password', 'Ask for a link to reset your customer account password.'),
  '/reset-password': portal('Reset Password', 'Choose a new password for your customer account.'),
  '/support': SUPPORT_META,
  '/email-test': portal('Email Delivery Test', 'Developer tool.'),
  '/test-login': portal('Login Test', 'Developer tool.'),
  '/test-auth': portal('Authentication Test', 'Developer tool.'),
  '/privacy-policy': PRIVACY_META,
  '/rewiring-surrey': LANDING_PAGES.rewiring.meta,
  '/consumer-unit-upgrade-surrey': LANDING_PAGES.consumerUnit.meta,
  '/emergency-electrician-ashford': LANDING_PAGES.emergency.meta,
  '/electrician-staines': TOWN_PAGES.staines.meta,
  '/electrician-windsor': TOWN_PAGES.windsor.meta,
  '/electrician-feltham': TOWN_PAGES.feltham.meta,
  '/electrician-hampton': TOWN_PAGES.hampton.meta,
  '/electrician-richmond': TOWN_PAGES.richmond.meta,
  '/faq': FAQ_META,
};

/**
 * The 404 page: the seed's title 'Page Not Found'. Its text is ours, for a visitor: the seed's 'Did you
 * forget to add the page to the router?' was a template's hint to a developer.
 */
export const NOT_FOUND = {
  meta: { title: `Page Not Found | ${BUSINESS.name}`, description: 'This page does not exist.', keywords: [] },
  heading: 'Page Not Found',
  text: 'Sorry, we can’t find that page. The link may be old, or the address may have a typo. Try one of these instead, or give us a call.',
} as const satisfies { meta: PageMeta; heading: string; text: string };

function portal(name: string, description: string): PageMeta {
  return { title: `${name} | ${BUSINESS.name}`, description, keywords: [] };
}
