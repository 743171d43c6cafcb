import type { Notice } from './notices.service.js';

/**
 * The mail to a charity's or an organisation's admins when a platform admin locks or unlocks it
 * (docs/decisions/039-smaller-admin-and-organisation-fixes.md): what it means, and why.
 */
export function lockNotice(input: {
  to: string;
  kind: 'charity' | 'organisation';
  name: string;
  locked: boolean;
  reason: string | null | undefined;
}): Notice {
  const { to, kind, name, locked, reason } = input;
  const effect =
    kind === 'charity'
      ? 'While it is locked it cannot publish projects or move money, and its projects are not shown in explore.'
      : 'While it is locked it moves no money and others cannot find it; its members keep their own accounts.';
  return locked
    ? {
        to,
        subject: `${name} is locked on Kindred`,
        text: [
          `A Kindred platform admin has locked ${name}.`,
          '',
          `Reason: ${reason ?? 'not given'}`,
          '',
          effect,
          'Reply to this mail or contact us to have it reviewed.',
        ].join('\n'),
      }
    : {
        to,
        subject: `${name} is unlocked on Kindred`,
        text: [
          `A Kindred platform admin has unlocked ${name}; it works as before.`,
          ...(reason ? ['', `Note: ${reason}`] : []),
        ].join('\n'),
      };
}
