import type { MailMessage } from '../../lib/mailer.js';

export function activationMail(to: string, firstName: string, link: string, code: string): MailMessage {
  return {
    to,
    subject: 'Activate your Kindred account',
    text: [
      `Hello ${firstName},`,
      '',
      'Welcome to Kindred. Activate your account by opening this link:',
      link,
      '',
      `Or enter this activation code: ${code}`,
      '',
      'The link works once and expires in 7 days. If you did not sign up, ignore this mail.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Kindred password',
    text: [
      `Hello ${firstName},`,
      '',
      'Someone asked to reset the password of your Kindred account. To choose a new password, open:',
      link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for this, ignore this mail:',
      'your password stays as it is.',
    ].join('\n'),
  };
}

export function emailChangedMail(to: string, firstName: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Kindred email address was changed',
    text: [
      `Hello ${firstName},`,
      '',
      `The email address of your Kindred account was changed to ${newEmail}.`,
      'If you did not do this, reset your password and contact us at once.',
    ].join('\n'),
  };
}

/** Someone registered with an address that already has an account (decision 035). */
export function registrationAttemptMail(
  to: string,
  firstName: string,
  signInLink: string,
  resetLink: string,
): MailMessage {
  return {
    to,
    subject: 'Someone tried to register with your address',
    text: [
      `Hello ${firstName},`,
      '',
      'Someone tried to register a new Kindred account with your email address, which already has one.',
      'If it was you, sign in:',
      signInLink,
      '',
      'or, if you have forgotten your password, reset it:',
      resetLink,
      '',
      'If it was not you, ignore this mail: nothing has changed.',
    ].join('\n'),
  };
}
