import { BUSINESS } from '#domain/business.ts';

/** The business's social page (domain/business.ts); null while none is set, and then no social link is shown anywhere. */
export const SOCIAL_HREF: string | null = BUSINESS.links.social;

/** What the social link is called wherever it appears, so screen readers hear one name for one link. */
export const SOCIAL_LABEL = `${BUSINESS.name} on social media`;

/** Attributes of a link that leaves the site in a new tab without handing it our window. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
