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

const keyOf = (box: MailboxRef) => `${box.ownerType}-${box.ownerId}`;

/**
 * The mailbox the screens show: the account the person acts as (the account switcher chooses), or,
 * acting as themself, one of the projects they run (`?box=4-12`).
 */
export function useMailbox() {
  const state = useSessionState();
  const [params] = useSearchParams();
  const user = state.user;
  const personal: MailboxOption = {
    key: keyOf({ ownerType: OWNER_TYPE.individual, ownerId: user?.id ?? 0 }),
    ownerType: OWNER_TYPE.individual,
    ownerId: user?.id ?? 0,
    name: user ? `${user.first_name} ${user.last_name}`.trim() : 'Me',
    kind: 'Personal',
  };
  const active = state.activeAccount;
  let base = personal;
  if (active.type === 'charity') {
    const membership = state.charityMembership.find((m) => m.charity_id === active.id);
    if (membership)
      base = {
        key: keyOf({ ownerType: OWNER_TYPE.charity, ownerId: active.id }),
        ownerType: OWNER_TYPE.charity,
        ownerId: active.id,
        name: membership.name,
        kind: 'Charity',
      };
  } else if (active.type === 'business') {
    const membership = state.businessMembership.find((m) => m.business_id === active.id);
    if (membership)
      base = {
        key: keyOf({ ownerType: OWNER_TYPE.organisation, ownerId: active.id }),
        ownerType: OWNER_TYPE.organisation,
        ownerId: active.id,
        name: membership.name,
        kind: 'Organisation',
      };
  }
  // Acting as themself, a person also reads the mailboxes of the projects they run.
  const options: MailboxOption[] =
    base === personal
      ? [
          personal,
          ...state.projectMembership.map((m) => ({
            key: keyOf({ ownerType: OWNER_TYPE.project, ownerId: m.project_id }),
            ownerType: OWNER_TYPE.project,
            ownerId: m.project_id,
            name: m.title,
            kind: 'Project',
          })),
        ]
      : [base];
  const chosen = options.find((option) => option.key === params.get('box')) ?? base;
  /** The `?box=` to keep on links, when it is not the account's own. */
  const search = chosen === base ? '' : `?box=${chosen.key}`;
  return { box: chosen as MailboxOption, options, search };
}
