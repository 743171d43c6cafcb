import { Anchor, List, Paper, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';

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
  testId: string;
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
