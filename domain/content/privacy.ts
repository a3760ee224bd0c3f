import { BUSINESS } from '../business.ts';
import type { PageMeta } from './shared.ts';

/** One section of the privacy policy; `id` is its anchor for the contents list. */
export type PolicySection = {
  readonly id: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly list?: readonly string[];
};

/** The /privacy-policy page's head. */
export const PRIVACY_META: PageMeta = {
  title: `Privacy Policy | ${BUSINESS.name}`,
  description: `How ${BUSINESS.name} collects, protects and keeps your personal data, our essential-cookies-only policy and your rights under UK GDPR.`,
  keywords: ['privacy policy', 'UK GDPR', 'cookies', 'data protection', BUSINESS.name],
};

/** When the policy last changed; change it with the text, since visitors and the ICO read it as a promise. */
export const PRIVACY_UPDATED = '2026-11-22';

const a = BUSINESS.address;
const postal = `${BUSINESS.legalName}, ${a.street}, ${a.town}, ${a.county}, ${a.postcode}`;

/**
 * The privacy policy (seed point 2's sections). Every statement describes what the product actually does
 * (product brief sections 3 and 5): per-person encryption and erasure by deleting the key, essential cookies
 * only, no analytics unless configured and consented, mail through the configured provider. Change the
 * text when the behaviour changes.
 */
export const PRIVACY_POLICY: { readonly heading: string; readonly intro: string; readonly sections: readonly PolicySection[] } = {
  heading: 'Privacy Policy',
  intro: `This policy explains what personal data ${BUSINESS.name} collects when you use this website, our customer portal or our services, why we need it, how we protect it, how long we keep it and the rights you have under UK data protection law (the UK GDPR and the Data Protection Act 2018).`,
  sections: [
    {
      id: 'controller',
      heading: 'Who we are',
      paragraphs: [
        `${BUSINESS.legalName} is the data controller for your personal data. We are registered in England & Wales.`,
        `Post: ${postal}. Email: ${BUSINESS.email}. Phone: ${BUSINESS.phone}.`,
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'What we collect and why',
      paragraphs: ['We only collect what we need to quote for, book, carry out and certify your work:'],
      list: [
        'Quote and booking requests: your name, email address, phone number, the address of the job, a description of the work, preferred dates and times, and any photos or documents you upload.',
        'Customer accounts: your name and email address, and your password, which we store only as a one-way hash that nobody, including us, can read back.',
        'Messages you send us about a booking, support requests and contact enquiries.',
        'Job records: the quotes, bookings, status changes and certificates for the work we do for you.',
        'Server logs record which service was called, when and with what result. They never contain what you typed into a form, your password or your cookies.',
        'Your IP address is used briefly, in memory, to limit repeated attempts (for example at signing in). It is not written to our records.',
        'Your cookie choice is kept in your browser\'s own storage on your device, not on our servers. You can clear it at any time in your browser settings.',
        'On your device: when you use the customer portal, your browser keeps your name and email address (so the portal opens without a signal), a copy of your bookings, quotes and messages, and anything you send while offline until it reaches us, photos included. Signing out removes them from that device. A form you have started and not sent yet (a quote request, say) is kept in that browser tab, so that reloading the page does not lose what you typed; it goes when you send it, sign out or close the tab.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies: essential only',
      paragraphs: [
        'We use essential cookies only. We do not use advertising or tracking cookies.',
        'When you sign in or create an account, we set one session cookie to keep you signed in, with a second that signs it so that it cannot be forged. They hold only a random identifier and its signature, cannot be read by scripts on the page, and are removed when you sign out or when they expire.',
        'Your answer to our cookie banner is saved in your browser\'s local storage, not in a cookie, so we do not ask you again on every page.',
        'Analytics are switched off unless we choose to turn them on, and even then they load only after you have accepted them in the cookie banner. You can change your mind at any time.',
        `${BUSINESS.videos.length > 0 ? "Our videos load from YouTube, in its privacy-enhanced mode, only when you press play; YouTube's own privacy policy then applies. " : ''}Our service-area map is drawn from our own data, and the directions link opens Google Maps only if you choose to follow it.`,
      ],
    },
    {
      id: 'legal-bases',
      heading: 'Our legal bases',
      paragraphs: ['UK GDPR requires a legal basis for each use of your data. Ours are:'],
      list: [
        'Contract: to prepare quotes, take bookings, carry out and certify work, and run your customer account, at your request.',
        'Legal obligation: to keep financial records and the certificates and notifications that Building Regulations require.',
        'Legitimate interests: to reply to your enquiries, keep the site and accounts secure and prevent misuse. We only rely on this where it does not override your rights.',
        'Consent: only for optional analytics, if we ever offer them. You can withdraw consent at any time.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      paragraphs: ['We never sell your data or share it for marketing. We share it only with:'],
      list: [
        'The companies that host our website and send our emails (booking confirmations, replies and password resets), who act on our instructions.',
        'The calendar service that holds our own work diary, which shows the name, address and details of booked jobs.',
        'Building Control and our registration body, where the law requires us to notify them of work at your property.',
        'Authorities or professional advisers, where the law requires it.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: ['Under UK GDPR you have the right to:'],
      list: [
        'Access: ask for a copy of the personal data we hold about you.',
        'Rectification: ask us to correct anything that is wrong or incomplete.',
        'Erasure: ask us to delete your personal data.',
        'Restriction: ask us to limit how we use your data while a concern is looked into.',
        'Portability: receive your data in a common, machine-readable format, or have it sent to someone else.',
        'Objection: object to our use of your data where we rely on legitimate interests.',
        'Complaint: complain to the Information Commissioner\'s Office (ICO) if you are unhappy with how we handle your data.',
      ],
    },
    {
      id: 'security-retention',
      heading: 'Security and how long we keep it',
      paragraphs: [
        'In the permanent record of our work, your personal details are encrypted with a key that is unique to you. Passwords are stored only as one-way hashes, the site is served over an encrypted connection, and password reset links work once and expire after 1 hour.',
        'Customers can see only their own bookings, messages and files. Only our own team can see all bookings.',
        `We keep job records for ${BUSINESS.retentionYears} years after your last job or contact with us, because of tax rules and because certificates and guarantees may be needed later. After that your personal details in them are erased as described below; what remains no longer identifies you.`,
        'When you ask us to erase your data, we delete your personal key. Your name, contact details, messages and files then become unreadable in our booking system at once. What remains (dates, the type of job and its status) no longer identifies you. Emails we have already exchanged with you are not part of that system: ask, and we delete them from our mailbox too. If the law requires us to keep something, we will tell you what and why.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact and complaints',
      paragraphs: [
        `To use any of your rights or ask about this policy, email ${BUSINESS.email}, call ${BUSINESS.phone} or write to ${postal}. It costs nothing, and we reply within one month. We may need to confirm your identity first.`,
        'If you are not happy with our answer, you can complain to the Information Commissioner\'s Office: ico.org.uk/make-a-complaint, helpline 0303 123 1113, or Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF.',
      ],
    },
  ],
};
