import type { PayoutSchedule } from '@kindred/shared';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/ui/query-state';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { showDate } from '@/lib/format';
import { scheduleQuery } from '../api/get-schedule';
import { useSetSchedule } from '../api/set-schedule';

type Choice = 'off' | NonNullable<PayoutSchedule['frequency']>;

const CHOICES: Array<{ value: Choice; label: string }> = [
  { value: 'off', label: 'Off' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

/** What the schedule does, in a sentence. */
function scheduleLine(schedule: PayoutSchedule): string {
  if (!schedule.frequency) return 'Payouts are made only when you ask for one.';
  const when = schedule.next_on ? ` The next is on ${showDate(schedule.next_on)}.` : '';
  return `All that is available is paid out ${schedule.frequency === 'weekly' ? 'every week' : 'every month'}, once Kindred approves it.${when}`;
}

function ScheduleChoice({ charityId, schedule }: { charityId: number; schedule: PayoutSchedule }) {
  const set = useSetSchedule();
  const choose = (value: string) => {
    const frequency = value === 'weekly' || value === 'monthly' ? value : null;
    set.mutate(
      { charityId, frequency },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.frequency ? 'Automatic payouts on' : 'Automatic payouts off',
            scheduleLine(saved),
          ),
      },
    );
  };
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Pay out automatically"
        description="All that is available on the day, when it is at least the minimum."
        value={schedule.frequency ?? 'off'}
        onChange={choose}
      >
        <Group mt="xs" gap="lg">
          {CHOICES.map((choice) => (
            <Radio key={choice.value} value={choice.value} label={choice.label} disabled={set.isPending} />
          ))}
        </Group>
      </Radio.Group>
      <Text size="sm" role="status" data-testid="payout-schedule">
        {scheduleLine(set.data ?? schedule)}
      </Text>
    </Stack>
  );
}

/** The charity's automatic payouts: off, weekly or monthly, with the next date. */
export function PayoutScheduleSection({ charityId }: { charityId: number }) {
  const schedule = useQuery(scheduleQuery(charityId));
  return (
    <TitledSection id="payout-schedule-heading" title="Automatic payouts" variant="card">
      <QueryState query={schedule} loading="Loading the schedule…" failed="The schedule could not be loaded.">
        {(data) => <ScheduleChoice charityId={charityId} schedule={data} />}
      </QueryState>
    </TitledSection>
  );
}
