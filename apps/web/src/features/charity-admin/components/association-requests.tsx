import type { Project } from '@kindred/shared';
import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { confirm } from '@/components/ui/confirm';
import { toast } from '@/components/ui/toast';
import { useAssociationRequests, useDecideAssociation } from '../api/projects';
import { needsOf, showDate } from '../lib/format';
import { useCharityContext } from './charity-layout';
import { Empty, Loading } from './states';

/** `/charity/requests`: projects of people and organisations asking the charity to take them. */
export function AssociationRequestsSection() {
  const { charity, access } = useCharityContext();
  const allowed = access.can('manage_projects');
  const requests = useAssociationRequests(charity.id, allowed);
  const decide = useDecideAssociation();

  const answer = async (project: Project, accept: boolean) => {
    const ok = await confirm({
      title: accept ? `Accept "${project.title}"?` : `Turn down "${project.title}"?`,
      message: accept
        ? `${charity.name} takes the project: its managers can edit and publish it.`
        : 'The project no longer asks this charity.',
      confirmLabel: accept ? 'Accept project' : 'Reject project',
      danger: !accept,
    });
    if (!ok) return;
    await decide.mutateAsync({ projectId: project.id, charityId: charity.id, accept }).then(
      () => toast.success(accept ? 'Project accepted' : 'Project rejected', project.title),
      () => {},
    );
  };

  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper p="lg" withBorder component="section" aria-labelledby="association-requests-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="association-requests-heading">
          Association requests
        </Title>
        <Text size="sm" c="dimmed">
          People and organisations can run a project and ask a charity to take it on.
        </Text>
        {!allowed ? (
          <Text>You need the Manage projects permission to answer requests.</Text>
        ) : requests.isPending ? (
          <Loading label="Loading requests…" />
        ) : items.length === 0 ? (
          <Empty>No project is asking {charity.name} to take it.</Empty>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Ends</Table.Th>
                  <Table.Th>Summary</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((project) => (
                  <Table.Tr key={project.id}>
                    <Table.Td>
                      <Text fw={600}>{project.title}</Text>
                      <Text size="sm" c="dimmed">
                        Needs: {needsOf(project)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{showDate(project.end_date)}</Table.Td>
                    <Table.Td>{project.summary ?? '—'}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {requests.hasNextPage ? (
          <Group>
            <Button
              variant="default"
              onClick={() => requests.fetchNextPage()}
              loading={requests.isFetchingNextPage}
            >
              Show more
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
