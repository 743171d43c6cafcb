import { OWNER_TYPE } from '@kindred/shared';
import { useSearchParams } from 'react-router';
import type { MailboxRef } from '@/entities/message';
import { useSessionState } from '@/entities/session';

export interface MailboxOption extends MailboxRef {
  /** `1-7`: the `?box=` of the screens' links. */
  key: string;
  name: string;
  kind: string;
}

/** A mailbox to choose, keyed by whose it is. */
function optionOf(
  ownerType: MailboxRef['ownerType'],
  ownerId: number,
  name: string,
  kind: string,
): MailboxOption {
  return { key: `${ownerType}-${ownerId}`, ownerType, ownerId, name, kind };
}

/**
 * The mailbox the screens show: the account the person acts as (the account switcher chooses), or,
 * acting as themself, one of the projects they run (`?box=4-12`).
 */
export function useMailbox() {
  const state = useSessionState();
  const [params] = useSearchParams();
  const user = state.user;
  const personal = optionOf(
    OWNER_TYPE.individual,
    user?.id ?? 0,
    user ? `${user.first_name} ${user.last_name}`.trim() : 'Me',
    'Personal',
  );
  const active = state.activeAccount;
  let base = personal;
  if (active.type === 'charity') {
    const membership = state.charityMembership.find((m) => m.charity_id === active.id);
    if (membership) base = optionOf(OWNER_TYPE.charity, active.id, membership.name, 'Charity');
  } else if (active.type === 'business') {
    const membership = state.businessMembership.find((m) => m.business_id === active.id);
    if (membership) base = optionOf(OWNER_TYPE.organisation, active.id, membership.name, 'Organisation');
  }
  // Acting as themself, a person also reads the mailboxes of the projects they run.
  const options: MailboxOption[] =
    base === personal
      ? [
          personal,
          ...state.projectMembership.map((m) =>
            optionOf(OWNER_TYPE.project, m.project_id, m.title, 'Project'),
          ),
        ]
      : [base];
  const chosen = options.find((option) => option.key === params.get('box')) ?? base;
  /** The `?box=` to keep on links, when it is not the account's own. */
  const search = chosen === base ? '' : `?box=${chosen.key}`;
  return { box: chosen as MailboxOption, options, search };
}
