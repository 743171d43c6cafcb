import { ADMIN_TYPES, labelOf } from '@kindred/shared';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { invitationQueries, type PendingTargetType } from '@/entities/invitation';
import { showDate } from '@/lib/format';

/** Invitations of an organisation, charity or group waiting for an answer (for those who manage members). */
export function PendingInvitations({
  targetType,
  targetId,
}: {
  targetType: PendingTargetType;
  targetId: number;
}) {
  const pending = useQuery(invitationQueries.pending(targetType, targetId));
  return (
    <Stack gap="xs" component="section" aria-labelledby="pending-invitations-heading">
      <Title order={3} size="h4" id="pending-invitations-heading">
        Invitations waiting for an answer
      </Title>
      <QueryState
        query={pending}
        loading="Loading invitations…"
        failed="The invitations could not be loaded."
        empty={<EmptyState>No invitations are waiting.</EmptyState>}
      >
        {(data) => (
          <ResponsiveTable
            rows={data.items}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Email', cell: (row) => row.email },
              // People invited to a group join as members: no role to show.
              targetType !== 'group' && {
                header: 'Role',
                cell: (row) => (row.admin_type ? (labelOf(ADMIN_TYPES, row.admin_type) ?? '') : ''),
              },
              { header: 'Invited by', cell: (row) => row.invited_by_name ?? '' },
              {
                header: 'Expires',
                cell: (row) => <Text size="sm">{showDate(row.expires_at)}</Text>,
              },
            ]}
          />
        )}
      </QueryState>
    </Stack>
  );
}
