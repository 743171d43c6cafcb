import { ADMIN_TYPES, labelOf } from '@kindred/shared';
import { Alert, Badge, Group, NativeSelect, Text } from '@mantine/core';
import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet, useOutletContext } from 'react-router';
import { Page } from '@/components/ui/page';
import { SectionNav } from '@/components/ui/section-link';
import { FailedState, LoadingState } from '@/components/ui/states';
import { session, useSessionState } from '@/entities/session';
import type { ApprovalStatus } from './account-decision';

interface AreaAccount {
  name: string;
  approval_status: ApprovalStatus;
  rejection_reason: string | null;
  lock_status: boolean;
}

/** The words of one kind of account's area. */
export interface AreaWords {
  /** 'charity', 'organisation': 'Loading the charity…'. */
  noun: string;
  /** 'Charity', 'Organisation': the switch's label and 'Charity sections'. */
  Noun: string;
  /** Beside the role under the title: 'Charity administration'. */
  area: string;
  /** What may be done meanwhile, after 'A Kindred admin is reviewing {name}.' */
  pending: string;
  /** What the lock stops, after '{name} is locked by Kindred: '. */
  locked: string;
}

/**
 * What an account's area gives its sections: the membership, the account (under its kind's key:
 * `charity`, `business`) and what the person may do.
 */
export type AreaContext<Membership, Key extends string, A, Access> = {
  membership: Membership;
  access: Access;
} & { [K in Key]: A };

/** The account of the active membership (`id`), loaded while there is one. */
export function useAreaAccount<A, Key extends QueryKey>(
  detail: (id: number) => UseQueryOptions<A, Error, A, Key>,
  id: number | undefined,
) {
  return useQuery({ ...detail(id ?? 0), enabled: id !== undefined });
}

/** The context of the area a section is in (`AccountArea`'s outlet). */
export const useAreaContext = <C,>() => useOutletContext<C>();

export interface AccountAreaProps<A extends AreaAccount> {
  /** The kind of account the switch makes active. */
  kind: 'charity' | 'business';
  words: AreaWords;
  /** The active membership (its name is the title until the account is loaded), and its account's id. */
  membership: { name: string; admin_type: number };
  current: number;
  account: UseQueryResult<A>;
  /** What the sections read with `useAreaContext`. */
  context: (account: A) => unknown;
  /** More badges after the role (a sign-off admin's). */
  badges?: ReactNode;
  /** The links to the sections. */
  sections: ReactNode;
}

/** Switch between the accounts of this kind one belongs to (the same choice as the account switcher). */
function AccountSwitch({
  label,
  kind,
  current,
}: Pick<AccountAreaProps<AreaAccount>, 'kind' | 'current'> & { label: string }) {
  const { charityMembership, businessMembership } = useSessionState();
  const switchable =
    kind === 'charity'
      ? charityMembership.map((each) => ({ id: each.charity_id, name: each.name }))
      : businessMembership.map((each) => ({ id: each.business_id, name: each.name }));
  if (switchable.length < 2) return null;
  return (
    <NativeSelect
      label={label}
      w={260}
      data={switchable.map((account) => ({ value: String(account.id), label: account.name }))}
      value={String(current)}
      onChange={(event) => session.setActiveAccount({ type: kind, id: Number(event.currentTarget.value) })}
    />
  );
}

function StatusNotice({ words, account }: { words: AreaWords; account: AreaAccount }) {
  return (
    <>
      {account.approval_status === 'pending' ? (
        <Alert color="yellow" variant="light" title="Waiting for approval">
          A Kindred admin is reviewing {account.name}. {words.pending} We will email you the decision.
        </Alert>
      ) : null}
      {account.approval_status === 'rejected' ? (
        <Alert color="red" variant="light" title="Not approved">
          {account.name} was not approved.
          {account.rejection_reason ? ` Reason: ${account.rejection_reason}` : ''}
        </Alert>
      ) : null}
      {account.lock_status ? (
        <Alert color="red" variant="light" title="Locked">
          {account.name} is locked by Kindred: {words.locked}
        </Alert>
      ) : null}
    </>
  );
}

const STATUS_BADGE = {
  approved: { color: 'teal.9', label: 'Approved' },
  pending: { color: 'yellow.9', label: 'Pending approval' },
  rejected: { color: 'red.9', label: 'Rejected' },
} as const;

/**
 * The area of the active account with members (a charity's, an organisation's): its name, the
 * person's role and its approval under the title, what waiting, refusal or a lock means, the links
 * to its sections, and the section of the route once the account is loaded.
 */
export function AccountArea<A extends AreaAccount>(props: AccountAreaProps<A>) {
  const { words, account } = props;
  const status = account.data ? STATUS_BADGE[account.data.approval_status] : null;
  return (
    <Page
      title={account.data?.name ?? props.membership.name}
      size="lg"
      description={
        <Group gap="sm" justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="xs">
            <Text>{words.area}</Text>
            <Badge color="dark" variant="outline">
              {labelOf(ADMIN_TYPES, props.membership.admin_type) ?? 'Member'}
            </Badge>
            {props.badges}
            {status ? (
              <Badge color={status.color} variant="filled">
                {status.label}
              </Badge>
            ) : null}
          </Group>
          <AccountSwitch label={words.Noun} kind={props.kind} current={props.current} />
        </Group>
      }
    >
      {account.data ? <StatusNotice words={words} account={account.data} /> : null}
      <SectionNav label={`${words.Noun} sections`}>{props.sections}</SectionNav>
      {account.isPending ? (
        <LoadingState label={`Loading the ${words.noun}…`} />
      ) : account.data ? (
        <Outlet context={props.context(account.data)} />
      ) : (
        <FailedState
          title={`The ${words.noun} could not be loaded.`}
          error={account.error}
          onRetry={account.refetch}
        />
      )}
    </Page>
  );
}
