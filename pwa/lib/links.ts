import { BUSINESS } from '#domain/business.ts';

/**
 * The business's social page. The business facts (domain/business.ts) have no social link yet, so the
 * address lives here, on a reserved example domain like the review links, until it is configured there.
 */
export const SOCIAL_HREF = 'https://social.example.com/sparkright-electrical';

/** What the social link is called wherever it appears, so screen readers hear one name for one link. */
export const SOCIAL_LABEL = `${BUSINESS.name} on social media`;

/** Attributes of a link that leaves the site in a new tab without handing it our window. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
