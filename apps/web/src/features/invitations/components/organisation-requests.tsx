import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ActionRefusal, useActionRefusal } from '@/components/ui/action-refusal';
import { confirm } from '@/components/ui/confirm';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { invitationQueries, type JoinTargetType } from '@/entities/invitation';
import { showDate } from '@/lib/format';
import { useDecideJoin } from '../api/decide-join';
import { PendingInvitations } from './pending-invitations';

/**
 * People asking to join an organisation or a charity, for those who manage its members to accept
 * or decline; `children` follow the list (the organisation's pending invitations).
 */
export function JoinRequests({
  targetType,
  targetId,
  targetName,
  children,
}: {
  targetType: JoinTargetType;
  targetId: number;
  targetName: string;
  children?: ReactNode;
}) {
  const requests = useQuery(invitationQueries.requests(targetType, targetId));
  const decide = useDecideJoin();
  const { refusal, attempt } = useActionRefusal();

  const onDecide = async (id: number, name: string, action: 'accept' | 'decline') => {
    if (action === 'decline') {
      const ok = await confirm({
        title: `Decline ${name}?`,
        message: `${name} will not join ${targetName}. We tell them by email.`,
        confirmLabel: 'Decline request',
        danger: true,
      });
      if (!ok) return;
    }
    const done = await attempt(action === 'accept' ? `${name} not accepted` : `${name} not declined`, () =>
      decide.mutateAsync({ request_id: id, action }),
    );
    if (done) toast.success(action === 'accept' ? 'Request accepted' : 'Request declined', name);
  };

  const items = requests.data?.items ?? [];
  return (
    <TitledSection id="join-requests-heading" title="Requests to join">
      <Text size="sm">People who asked to join {targetName}. Accepted people join as Employees.</Text>
      <ActionRefusal refusal={refusal} />
      <QueryState
        query={requests}
        loading="Loading requests…"
        failed="The requests could not be loaded."
        empty={<EmptyState>Nobody is waiting to join.</EmptyState>}
      >
        {() => (
          <ResponsiveTable
            aria-label="Requests to join"
            rows={items}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Name', cell: (row) => `${row.first_name} ${row.last_name}`, rowHeader: true },
              { header: 'Email', cell: (row) => row.email },
              { header: 'Message', cell: (row) => row.message ?? '' },
              { header: 'Asked on', cell: (row) => showDate(row.requested_at) },
              {
                header: 'Actions',
                hiddenHeader: true,
                cell: (row) => {
                  const name = `${row.first_name} ${row.last_name}`;
                  return (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        onClick={() => onDecide(row.id, name, 'accept')}
                        aria-label={`Accept ${name}`}
                        disabled={decide.isPending}
                      >
                        Accept
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => onDecide(row.id, name, 'decline')}
                        aria-label={`Decline ${name}`}
                        disabled={decide.isPending}
                      >
                        Decline
                      </Button>
                    </Group>
                  );
                },
              },
            ]}
          />
        )}
      </QueryState>
      {children}
    </TitledSection>
  );
}

/** People asking to join an organisation, for its admins to accept or decline; and its pending invitations. */
export function OrganisationRequests({
  businessId,
  businessName,
}: {
  businessId: number;
  businessName: string;
}) {
  return (
    <JoinRequests targetType="business" targetId={businessId} targetName={businessName}>
      <PendingInvitations targetType="business" targetId={businessId} />
    </JoinRequests>
  );
}
