import type { Project } from '@kindred/shared';
import { Button, Group, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ActionRefusal, useActionRefusal } from '@/components/ui/action-refusal';
import { ShowMore } from '@/components/ui/pager';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { charityQueries } from '@/entities/charity';
import { needsOf } from '@/entities/project';
import { showDate } from '@/lib/format';
import { useDecideAssociation } from '../api/decide-association';
import { useCharityContext } from './charity-layout';

/** `/charity/requests`: projects of people and organisations asking the charity to take them. */
export function AssociationRequestsSection() {
  const { charity, access } = useCharityContext();
  const allowed = access.can('manage_projects');
  const requests = useInfiniteQuery({ ...charityQueries.associationRequests(charity.id), enabled: allowed });
  const decide = useDecideAssociation();
  const { refusal, attemptConfirmed } = useActionRefusal();

  const answer = async (project: Project, accept: boolean) => {
    const question = {
      title: accept ? `Accept "${project.title}"?` : `Turn down "${project.title}"?`,
      message: accept
        ? `${charity.name} takes the project: its managers can edit and publish it.`
        : 'The project no longer asks this charity.',
      confirmLabel: accept ? 'Accept project' : 'Reject project',
      danger: !accept,
    };
    const done = await attemptConfirmed(
      question,
      accept ? 'Project not accepted' : 'Project not rejected',
      () => decide.mutateAsync({ projectId: project.id, charityId: charity.id, accept }),
    );
    if (done) toast.success(accept ? 'Project accepted' : 'Project rejected', project.title);
  };

  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <TitledSection id="association-requests-heading" title="Association requests">
      <Text size="sm" c="dimmed">
        People and organisations can run a project and ask a charity to take it on.
      </Text>
      <ActionRefusal refusal={refusal} />
      {!allowed ? (
        <Text>You need the Manage projects permission to answer requests.</Text>
      ) : requests.isPending ? (
        <LoadingState label="Loading requests…" />
      ) : requests.isError ? (
        <FailedState
          title="The association requests could not be loaded."
          error={requests.error}
          onRetry={requests.refetch}
        />
      ) : items.length === 0 ? (
        <EmptyState>No project is asking {charity.name} to take it.</EmptyState>
      ) : (
        <ResponsiveTable
          verticalSpacing="sm"
          rows={items}
          rowKey={(project) => project.id}
          columns={[
            {
              header: 'Project',
              cell: (project) => (
                <>
                  <Text fw={600}>{project.title}</Text>
                  <Text size="sm" c="dimmed">
                    Needs: {needsOf(project)}
                  </Text>
                </>
              ),
            },
            { header: 'Ends', cell: (project) => showDate(project.end_date) },
            { header: 'Summary', cell: (project) => project.summary ?? '—' },
            {
              header: 'Actions',
              hiddenHeader: true,
              cell: (project) => (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    aria-label={`Approve ${project.title}`}
                    onClick={() => answer(project, true)}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    c="red.9"
                    aria-label={`Reject ${project.title}`}
                    onClick={() => answer(project, false)}
                  >
                    Reject
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      )}
      <ShowMore query={requests}>Show more</ShowMore>
    </TitledSection>
  );
}
