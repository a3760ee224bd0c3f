/*
 * What My Account's forms say when their change got no answer in time (docs/decisions/031). On one bar of signal the
 * request can reach us and the change be made while the answer is lost, so "please try again" was untrue: the forms
 * say they could not confirm it, and a second press sends the same request under the same Idempotency-Key, which the
 * server answers as it did the first, changing nothing twice. Our own copy; the seed has no words for these.
 */

const NO_ANSWER = 'no answer came from our server in time (the signal may be weak)';

/** Said under Change password after no answer: the change may have been made. */
export const PASSWORD_UNCONFIRMED = `We could not confirm that your password was changed: ${NO_ANSWER}. Press Change password again with the same passwords: if it was changed, we will say so and sign you in again here, and nothing is changed twice.`;

/**
 * Said when, after no answer, this device's sign-in has ended too (the change ends every session, and the one kept for
 * its repeat lasts an hour): the change most likely went through.
 */
export const PASSWORD_SIGNED_OUT = 'We could not confirm that your password was changed, and your sign-in here has ended, as it does when a password changes. Sign in with your new password; if it is refused, your old one still works.';

/** Said under My email address after no answer: the link may be on its way. */
export const EMAIL_UNCONFIRMED = `We could not confirm that the link was sent: ${NO_ANSWER}. Press Send the link again: if it was sent, we will say so, and no second link is sent.`;

/** Said under My name after no answer. */
export const NAME_UNCONFIRMED = `We could not confirm that your name was saved: ${NO_ANSWER}. Press Save my name again: saving it twice changes nothing.`;

/** Said for "Send the link again" (the confirmation link) after no answer. */
export const LINK_UNCONFIRMED = `We could not confirm that the link was sent: ${NO_ANSWER}. Press Send the link again: if it was sent, no second link is sent.`;

/** Said in the delete dialog when neither the deletion nor our question about it got an answer. */
export const DELETE_UNCONFIRMED = `We could not confirm whether your account was deleted: ${NO_ANSWER}. Press Delete my account again: we check first, and delete it only if it is still here.`;

/** Said in the delete dialog when the deletion got no answer and the account, asked about since, is still here. */
export const DELETE_NOT_DONE = 'Your account was not deleted: no answer came from our server in time, and your account is still here. Press Delete my account to try again.';

/** What the customer reads after their account is erased: the server's answer, or the toast when that answer was lost. */
export const ACCOUNT_ERASED = 'Your account and your personal data have been erased, and you have been signed out everywhere.';
