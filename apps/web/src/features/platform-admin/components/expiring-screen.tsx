import { type AdminExpiringProject, PROJECT_STATUS } from '@kindred/shared';
import { Button, Checkbox, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { confirm } from '@/components/ui/confirm';
import { PagedTable } from '@/components/ui/paged-table';
import { SelectionPanel } from '@/components/ui/selection-panel';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { usePlatformAdmin } from '@/entities/session';
import { showDate, showDateTime } from '@/lib/format';
import { useSelectedIds } from '@/lib/selection';
import { type ExpiringFilters, expiringQueries } from '../api/get-expiring';
import { useMailProjects } from '../api/mail-projects';
import { AdminPage } from './admin-only';
import { FilterBar, type FilterChoice, FilterSelect, useListFilters } from './filter-select';
import { projectColumns } from './project-columns';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function when(project: AdminExpiringProject): string {
  if (project.status === PROJECT_STATUS.finished) return `Ended ${showDate(project.end_date)}`;
  if (project.days_left <= 0) return 'Ends today';
  return `Ends in ${plural(project.days_left, 'day', 'days')}`;
}

const DAYS_CHOICES: FilterChoice<string>[] = [
  { value: '7', label: '7 days' },
  { value: '14', label: '14 days' },
  { value: '30', label: '30 days' },
  { value: '60', label: '60 days' },
];

const WHICH_CHOICES: FilterChoice<ExpiringFilters['which']>[] = [
  { value: 'both', label: 'Ending soon and Finished' },
  { value: 'ending', label: 'Ending soon' },
  { value: 'finished', label: 'Finished' },
];
/** `/admin/expiring`: projects near their end; remind their admins to extend them. */
export function ExpiringScreen() {
  const abilities = usePlatformAdmin();
  const { selected, setSelected, toggle } = useSelectedIds();
  const { filters, position, setPosition, change } = useListFilters<ExpiringFilters>(
    { days: 14, which: 'both' },
    () => setSelected(new Set()),
  );
  const list = useQuery(expiringQueries.page(filters, position));
  const mail = useMailProjects();
  const items = list.data?.items ?? [];
  const chosen = items.filter((project) => selected.has(project.id));

  const send = async () => {
    if (chosen.length === 0) return;
    const ok = await confirm({
      title: `Mail the admins of ${plural(chosen.length, 'project', 'projects')}?`,
      message:
        'Each project’s admins get one reminder with a link to extend it. A project already reminded today is skipped.',
      confirmLabel: 'Send reminders',
    });
    if (!ok) return;
    try {
      const result = await mail.mutateAsync(chosen.map((project) => project.id));
      setSelected(new Set());
      const sent = `${plural(result.mailed.length, 'project', 'projects')} reminded`;
      if (result.skipped.length === 0) toast.success('Reminders sent', `${sent}.`);
      else
        toast.warning(
          'Reminders sent',
          `${sent}; ${plural(result.skipped.length, 'project was', 'projects were')} skipped: ${result.skipped
            .map((s) => s.reason)
            .join(' ')}`,
        );
    } catch {
      // The error toast told why.
    }
  };

  return (
    <AdminPage
      title="Expiring projects"
      description={<Text>Live projects near their end date, and Finished ones that could be extended.</Text>}
    >
      <FilterBar label="Choose projects">
        <FilterSelect
          label="Ending within"
          value={String(filters.days)}
          choices={DAYS_CHOICES}
          onChange={(value) => change({ days: Number(value ?? 14) })}
        />
        <FilterSelect
          label="Show"
          value={filters.which}
          choices={WHICH_CHOICES}
          onChange={(value) => change({ which: value ?? 'both' })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        loading="Loading projects…"
        failed="The projects could not be loaded."
        empty={<EmptyState>No project ends within {filters.days} days, and none has finished.</EmptyState>}
        keepDataOnError
        onPage={setPosition}
        aria-label="Projects near their end"
        rowKey={(project) => project.id}
        columns={[
          {
            header: 'Select',
            hiddenHeader: true,
            cell: (project) => (
              <Checkbox
                aria-label={`Select ${project.title}`}
                checked={selected.has(project.id)}
                disabled={!abilities.act}
                onChange={(event) => toggle(project.id, event.currentTarget.checked)}
              />
            ),
          },
          ...projectColumns<AdminExpiringProject>(),
          { header: 'End', cell: when },
          {
            header: 'Last reminded',
            cell: (project) => (project.last_reminded_at ? showDateTime(project.last_reminded_at) : 'Never'),
          },
        ]}
      >
        <SelectionPanel
          name="Selected projects"
          label="Select all on this page"
          shownIds={items.map((p) => p.id)}
          chosenCount={chosen.length}
          onSelect={setSelected}
          disabled={!abilities.act}
          status={chosen.length === 0 ? 'None selected.' : `${chosen.length} selected.`}
          action={
            <Button onClick={send} disabled={!abilities.act || chosen.length === 0} loading={mail.isPending}>
              Mail selected
            </Button>
          }
        >
          {abilities.act ? null : (
            <Text size="sm" c="dimmed" mt="xs">
              {abilities.whyNot}
            </Text>
          )}
        </SelectionPanel>
      </PagedTable>
    </AdminPage>
  );
}
