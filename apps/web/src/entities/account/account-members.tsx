import { ADMIN_TYPE } from '@kindred/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { DismissibleRefusal } from '@/components/ui/dismissible-refusal';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable, type TableColumn } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { reloadMemberships, useCurrentUser } from '@/entities/session';
import { isApiError } from '@/lib/api-client';

/** A member of an account with members (a charity or an organisation). */
export interface AccountMember {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  admin_type: number;
}

export const memberName = (member: AccountMember) => `${member.first_name} ${member.last_name}`;

/** The words of one kind of account's members section. */
export interface MembersWords {
  /** 'charity', 'organisation'. */
  noun: string;
  /** Said before leaving. */
  leaveMessage: string;
  /** Said before removing someone else. */
  removeMessage: (memberName: string, accountName: string) => string;
  /** The title of the alert that says why a change was refused. */
  problemTitle: string;
  /** Said in place of Remove (or Leave, `self`) for the only Super Admin. */
  lastSuperAdmin: (self: boolean) => string;
}

/** What the account's own columns and actions use to report a refusal and see who is who. */
export interface MemberTools<M extends AccountMember> {
  me: number | undefined;
  isLastSuperAdmin: (member: M) => boolean;
  /** Keeps the API's refusal (or `fallback`) in the section's alert. */
  refused: (error: unknown, fallback: string) => void;
  /** A change went through: the alert goes. */
  succeeded: () => void;
}

export interface AccountMembersProps<M extends AccountMember> {
  accountName: string;
  words: MembersWords;
  members: UseQueryResult<{ items: M[] }>;
  /** Said under the heading. */
  intro?: ReactNode;
  /** Said under the table (what the viewer may not do). */
  note?: ReactNode;
  /** Whether the viewer may remove this member (or leave, `self`). */
  mayRemove: (member: M, self: boolean) => boolean;
  remove: (userId: number) => Promise<unknown>;
  /** The refusal of a removal in the account's words; the API's message otherwise. */
  removeRefusal?: (error: unknown) => string | null;
  /** The account's own columns, between Email and the actions. */
  columns: (tools: MemberTools<M>) => TableColumn<M>[];
  /** The account's own actions, before Remove. */
  actions?: (member: M) => ReactNode;
  /** Dialogs the actions open. */
  children?: ReactNode;
}

/**
 * The members of a charity or an organisation: who they are, the account's own columns (roles,
 * permissions, sign-off), and removing a member or leaving, asked first. The last Super Admin
 * cannot leave nor be removed (the API refuses it), so no button offers it.
 */
export function AccountMembersSection<M extends AccountMember>(props: AccountMembersProps<M>) {
  const { words, members, accountName } = props;
  // The section is labelled by its heading.
  const headingId = `${words.noun}-members-heading`;
  const me = useCurrentUser()?.id;
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const items = members.data?.items ?? [];
  const superAdmins = items.filter((member) => member.admin_type === ADMIN_TYPE.superAdmin).length;
  const tools: MemberTools<M> = {
    me,
    isLastSuperAdmin: (member) => member.admin_type === ADMIN_TYPE.superAdmin && superAdmins <= 1,
    refused: (error, fallback) => setProblem(isApiError(error) ? error.message : fallback),
    succeeded: () => setProblem(null),
  };

  const onRemove = async (member: M) => {
    const self = member.user_id === me;
    const name = memberName(member);
    const ok = await confirm({
      title: self ? `Leave ${accountName}?` : `Remove ${name}?`,
      message: self ? words.leaveMessage : words.removeMessage(name, accountName),
      confirmLabel: self ? `Leave ${words.noun}` : 'Remove member',
      danger: true,
    });
    if (!ok) return;
    try {
      await props.remove(member.user_id);
      setProblem(null);
      toast.success(self ? `You left the ${words.noun}` : 'Member removed', self ? accountName : name);
      if (self) {
        await reloadMemberships();
        navigate('/', { replace: true });
      }
    } catch (error) {
      // Said once, on the page (the call is silent).
      const own = props.removeRefusal?.(error);
      if (own) setProblem(own);
      else tools.refused(error, 'The member could not be removed.');
    }
  };

  const actions: TableColumn<M> = {
    header: 'Actions',
    hiddenHeader: true,
    cell: (member) => {
      const self = member.user_id === me;
      const mayRemove = props.mayRemove(member, self);
      return (
        <Group gap={4}>
          {props.actions?.(member)}
          {mayRemove && tools.isLastSuperAdmin(member) ? (
            <Text size="sm" c="dimmed">
              {words.lastSuperAdmin(self)}
            </Text>
          ) : mayRemove ? (
            <Button
              size="xs"
              variant="default"
              c="red.9"
              aria-label={self ? `Leave the ${words.noun}` : `Remove ${memberName(member)}`}
              onClick={() => onRemove(member)}
            >
              {self ? 'Leave' : 'Remove'}
            </Button>
          ) : null}
        </Group>
      );
    },
  };

  return (
    <Paper p="lg" withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Members
        </Title>
        {props.intro}
        <DismissibleRefusal title={words.problemTitle} message={problem} onDismiss={() => setProblem(null)} />
        <QueryState
          query={members}
          loading="Loading members…"
          failed="The members could not be loaded."
          empty={<EmptyState>No members.</EmptyState>}
        >
          {() => (
            <ResponsiveTable
              verticalSpacing="sm"
              rows={items}
              rowKey={(member) => member.user_id}
              columns={[
                {
                  header: 'Name',
                  cell: (member) => (
                    <>
                      {memberName(member)}
                      {member.user_id === me ? (
                        <Text span c="dimmed">
                          {' '}
                          (you)
                        </Text>
                      ) : null}
                    </>
                  ),
                },
                { header: 'Email', cell: (member) => member.email },
                ...props.columns(tools),
                actions,
              ]}
            />
          )}
        </QueryState>
        {props.note}
      </Stack>
      {props.children}
    </Paper>
  );
}
