import { formatMoney, PROJECT_STATUSES } from '@kindred/shared';
import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { usePlatformAdmin } from '@/entities/session';
import { showDate, showDateTime } from '@/lib/format';
import { exportData } from '../api/export-data';
import { adminProjectQueries } from '../api/get-project';
import { useMailProjects } from '../api/mail-projects';
import { AdminPage } from './admin-only';

/** `/admin/projects/:id`: a project as platform admins see it, with a reminder to its admins. */
export function AdminProjectScreen() {
  const id = Number(useParams().id);
  const abilities = usePlatformAdmin();
  const project = useQuery({ ...adminProjectQueries.detail(id), enabled: abilities.view && id > 0 });
  const mail = useMailProjects();
  if (project.isError)
    return (
      <AdminPage title="Project">
        <FailedState
          title="The project could not be loaded."
          error={project.error}
          onRetry={project.refetch}
        />
      </AdminPage>
    );
  if (!project.data)
    return (
      <AdminPage title="Project">
        <LoadingState label="Loading the project…" />
      </AdminPage>
    );
  const p = project.data;
  const remind = async () => {
    const ok = await confirm({
      title: `Mail the admins of ${p.title}?`,
      message:
        'They get one reminder with a link to extend the project. A project is reminded at most once a day.',
      confirmLabel: 'Send reminder',
    });
    if (!ok) return;
    const result = await mail.mutateAsync([p.id]).catch(() => null);
    if (!result) return;
    if (result.mailed.length > 0) toast.success('Reminders sent', `${p.title}: its admins are reminded.`);
    else toast.warning('Not sent', result.skipped[0]?.reason ?? 'Not sent.');
  };
  return (
    <AdminPage title={p.title} description={<Text>{p.charity_name ?? 'No charity yet'}</Text>}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Status
          </Text>
          <Text fw={700}>{PROJECT_STATUSES.find((s) => s.id === p.status)?.label ?? p.status}</Text>
          <Text size="sm">Ends {p.end_date ? showDate(p.end_date) : 'without an end date'}</Text>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Raised
          </Text>
          <Text fw={700}>{formatMoney(p.funds_raised)}</Text>
          <Text size="sm">
            {p.funds_target ? `of ${formatMoney(p.funds_target)}, ` : ''}
            {p.donors_count} donors
          </Text>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Pledged
          </Text>
          <Text size="sm">
            {p.volunteering_pledged} volunteering hours, {p.skilled_pledged} skilled hours, {p.gifts_pledged}{' '}
            gifts
          </Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" component="section" aria-labelledby="project-admins">
        <Stack gap="sm">
          <Title order={2} size="h4" id="project-admins">
            Admins
          </Title>
          {p.admins.length === 0 ? (
            <Text size="sm">No one runs this project.</Text>
          ) : (
            <List size="sm">
              {p.admins.map((admin) => (
                <List.Item key={admin.email}>
                  {admin.id ? (
                    <Anchor component={Link} to={`/admin/people/${admin.id}`}>
                      {admin.name}
                    </Anchor>
                  ) : (
                    admin.name
                  )}{' '}
                  ({admin.email})
                </List.Item>
              ))}
            </List>
          )}
          <Text size="sm">
            Last reminded: {p.last_reminded_at ? showDateTime(p.last_reminded_at) : 'never'}
          </Text>
          <Group>
            <Button onClick={remind} disabled={!abilities.act} loading={mail.isPending}>
              Mail a reminder to extend
            </Button>
            <Button
              variant="default"
              disabled={!abilities.act}
              onClick={() => exportData('project', p.id).catch(() => undefined)}
            >
              Export data (JSON)
            </Button>
            <Anchor component={Link} to={`/projects/${p.id}`}>
              Public page
            </Anchor>
          </Group>
          {abilities.act ? null : (
            <Text size="sm" c="dimmed">
              {abilities.whyNot}
            </Text>
          )}
        </Stack>
      </Paper>
    </AdminPage>
  );
}
