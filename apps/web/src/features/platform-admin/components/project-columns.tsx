import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { TableColumn } from '@/components/ui/responsive-table';

/** What the admin's project lists show of a project in their first two columns. */
interface ListedProject {
  id: number;
  title: string;
  charity_name: string | null;
}

/** The first columns of the admin's project lists: the project, linked to its admin page, and its charity. */
export function projectColumns<Row extends ListedProject>(): TableColumn<Row>[] {
  return [
    {
      header: 'Project',
      rowHeader: true,
      cell: (project) => (
        <Anchor component={Link} to={`/admin/projects/${project.id}`}>
          {project.title}
        </Anchor>
      ),
    },
    { header: 'Charity', cell: (project) => project.charity_name ?? '—' },
  ];
}
