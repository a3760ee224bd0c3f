import { BUSINESS } from '#domain/business.ts';
import type { OutgoingMail } from '#data/mail-outbox.ts';
import { compose, urgent } from './compose.ts';

// Mails about an account: its address, its password, and attempts on it.

/** To the account holder: a single-use reset link, valid for one hour. */
export function passwordReset(to: string, p: { firstName: string; link: string }): OutgoingMail {
  return urgent(
    compose('password-reset', to, `Reset your password — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'Someone asked to reset the password of your account. If it was you, open this link within an hour of asking:',
      p.link,
      'If it was not you, ignore this message: your password stays as it is.',
    ]),
  );
}

/**
 * To the account's address once its password was changed, while signed in or with a mailed reset link (`reset`): the
 * owner hears of it, whoever changed it (someone else reading their mail could have used the link).
 */
export function passwordChanged(to: string, p: { firstName: string; resetUrl: string; reset?: boolean }): OutgoingMail {
  return urgent(
    compose('password-changed', to, `Your password was changed — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      p.reset
        ? 'The password of your account was just changed with the reset link we emailed, and every device signed in to it was signed out.'
        : 'The password of your account was just changed, and every other device signed in to it was signed out.',
      'If it was you, you need not do anything.',
      'If it was not you, reset your password now with this link, and tell us:',
      p.resetUrl,
    ]),
  );
}

/** To a new account: prove the address, so bookings made under it show up in the portal. */
export function verifyEmail(to: string, p: { firstName: string; link: string }): OutgoingMail {
  return urgent(
    compose('verify-email', to, `Confirm your email address — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'Thank you for creating your account. Please confirm this is your email address by opening this link within 7 days:',
      p.link,
      'Once confirmed, any bookings and quotes sent with this address appear in your customer portal.',
      'If you did not create an account, ignore this message.',
    ]),
  );
}

/**
 * To the owner of an address someone tried to register again. Registration answers the same whether or not
 * the address has an account (so it reveals nobody's), and the owner hears about it here instead.
 */
export function registrationAttempt(to: string, p: { firstName: string; resetUrl: string }): OutgoingMail {
  return urgent(
    compose('registration-attempt', to, `Someone tried to register with your address — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'Someone just tried to create a new account with this email address, which already has an account with us. No new account was made.',
      'If it was you, you can simply sign in. If you have forgotten your password, you can reset it here:',
      p.resetUrl,
      'If it was not you, you need not do anything: your account is unchanged.',
    ]),
  );
}

/**
 * To the address an account asked to move to: the link that makes the move (the old address stays until then). Not
 * the account's address: this one is not proven, and a typo would tell a stranger where its owner is.
 */
export function confirmNewEmail(to: string, p: { firstName: string; link: string }): OutgoingMail {
  return urgent(
    compose('confirm-new-email', to, `Confirm your new email address — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'You asked to change the email address of your account with us to this one. Please confirm it by opening this link within 7 days:',
      p.link,
      'Until you do, your account keeps its current address. If you did not ask for this, ignore this message: nothing changes.',
    ]),
  );
}

/** To the address an account just left (if it had proved it): who to call if the owner did not make the change. */
export function emailChanged(to: string, p: { firstName: string; newEmail: string; admin: boolean }): OutgoingMail {
  // The admin is the business: "call us" would have them ring themselves.
  const lines = p.admin
    ? [
        `The address you sign in to the Admin Portal with is now ${p.newEmail}.`,
        'If you did not make this change, ask whoever looks after the website to restore your access straight away.',
      ]
    : [
        `The email address of your account with us is now ${p.newEmail}. From now on we write to you there, and you sign in with it.`,
        `If you did not make this change, please call us on ${BUSINESS.phone} straight away.`,
      ];
  return urgent(compose('email-changed', to, `Your account's email address was changed — ${BUSINESS.name}`, `Hello ${p.firstName},`, lines));
}

/**
 * To the owner of an address another account asked to move to. The asker is told the same as for a free address
 * (so the form reveals nobody's account), and the owner hears about it here instead.
 */
export function addressInUse(to: string, p: { firstName: string }): OutgoingMail {
  return urgent(
    compose('address-in-use', to, `Someone tried to use your address — ${BUSINESS.name}`, `Hello ${p.firstName},`, [
      'Someone signed in to another account with us just asked to change its email address to this one, which already has an account. Nothing was changed.',
      'If it was you, this address has an account of its own: sign in with it instead. If it was not you, you need not do anything: your account is unchanged.',
    ]),
  );
}
