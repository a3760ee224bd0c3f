/**
 * The support form's issue types (the seed's values) and their words, apart from the form's schema: the /support page
 * draws its choices from these without loading zod, which comes with the schema on the form's first focus.
 */
export const ISSUE_TYPES = ['login', 'password', 'booking', 'other'] as const;

/** The words for the seed's issue types, for the form's choices and the business's mail; the value sent stays the seed's. */
export const ISSUE_LABELS: Readonly<Record<(typeof ISSUE_TYPES)[number], string>> = {
  login: 'Signing in to my account',
  password: 'Resetting my password',
  booking: 'One of my bookings',
  other: 'Something else',
};
