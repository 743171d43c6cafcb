import { Anchor, Badge, List, Paper, Skeleton, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';

/** One figure of a dashboard, with a link to where it is managed. */
export function Stat({
  label,
  value,
  testId,
  link,
}: {
  label: string;
  /** Null while it loads. */
  value: string | null;
  testId?: string;
  link?: { to: string; label: string };
}) {
  return (
    <Paper p="lg" withBorder component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === null ? (
        <Skeleton height={28} width="60%" my={2} />
      ) : (
        <Text size="xl" fw={700} data-testid={testId}>
          {value}
        </Text>
      )}
      {link ? (
        <Anchor component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      ) : null}
    </Paper>
  );
}

export interface Task {
  to: string;
  label: string;
}

/** A section of a dashboard: a card under its heading. */
export function DashboardSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <TitledSection id={headingId} title={title} variant="tile">
      {children}
    </TitledSection>
  );
}

/** The dashboard's "Waiting for you": its tasks once what they are counted from has loaded. */
export function WaitingTasks({ loading, tasks }: { loading: boolean; tasks: Task[] }) {
  return (
    <DashboardSection title="Waiting for you">
      {loading ? <LoadingState layout="inline" label="Loading tasks…" /> : <TaskList tasks={tasks} />}
    </DashboardSection>
  );
}

/** What waits for the account, each a link to where it is done; a quiet line when nothing does. */
export function TaskList({ tasks }: { tasks: Task[] }) {
  if (tasks.length === 0) return <Text c="dimmed">Nothing is waiting for you.</Text>;
  return (
    <List spacing={4} data-testid="tasks">
      {tasks.map((task) => (
        <List.Item key={task.label}>
          <Anchor component={Link} to={task.to}>
            {task.label}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}

/** The badges of a person's role in an organisation beyond Admin or Employee. */
export function OrganisationRoleBadges({
  membership,
}: {
  membership: { is_franchise: boolean; is_signoff_admin: boolean };
}) {
  return (
    <>
      {membership.is_franchise ? (
        <Badge size="sm" color="dark">
          Franchise
        </Badge>
      ) : null}
      {membership.is_signoff_admin ? (
        <Badge size="sm" color="dark" variant="outline">
          Sign-off admin
        </Badge>
      ) : null}
    </>
  );
}
