import { GIVING_TYPE } from '@kindred/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { PagedList, pagedItems } from '@/components/ui/paged-list';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { donationQueries } from '@/entities/donation';
import { useDownloading } from '@/lib/downloading';
import { todayIso } from '@/lib/format';
import { downloadGivingStatement, type StatementFormat } from '../api/download-statement';
import { startOfYear } from '../lib/dates';
import { hasReceipt } from '../lib/donation';
import { DonationCard, DonationList } from './donation-card';

function StatementSection() {
  const headingId = useId();
  const [from, setFrom] = useState<string | null>(() => startOfYear(todayIso()));
  const [to, setTo] = useState<string | null>(() => todayIso());
  const { busy, run } = useDownloading<StatementFormat>();
  const fromError = from ? null : 'Choose the first day.';
  const toError = !to
    ? 'Choose the last day.'
    : from && to < from
      ? 'The end date is before the start date.'
      : null;

  const download = async (format: StatementFormat) => {
    if (!from || !to || fromError || toError) return;
    if (await run(format, () => downloadGivingStatement(from, to, format)))
      toast.success('Statement downloaded', `Your giving statement (${format.toUpperCase()}).`);
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Giving statement
        </Title>
        <Text size="sm">
          Everything you gave between two dates: funds, Gift Aid, volunteering and skilled hours, and gifts.
          PDF to keep or print, CSV for a spreadsheet or your tax return.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={520}>
          <DateField
            label="From"
            value={from}
            onChange={setFrom}
            error={fromError}
            aria-invalid={fromError ? true : undefined}
          />
          <DateField
            label="To"
            value={to}
            onChange={setTo}
            error={toError}
            aria-invalid={toError ? true : undefined}
          />
        </SimpleGrid>
        <Group gap="xs">
          <Button
            onClick={() => void download('pdf')}
            loading={busy === 'pdf'}
            disabled={Boolean(fromError || toError) || busy !== null}
          >
            Download statement (PDF)
          </Button>
          <Button
            variant="default"
            onClick={() => void download('csv')}
            loading={busy === 'csv'}
            disabled={Boolean(fromError || toError) || busy !== null}
          >
            Download statement (CSV)
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ReceiptsSection({ onOpen }: { onOpen: (id: number) => void }) {
  const headingId = useId();
  const query = useInfiniteQuery(donationQueries.mine({ type: GIVING_TYPE.funds }));
  const items = pagedItems(query).filter(hasReceipt);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Receipts
        </Title>
        <Text size="sm">
          Each gift of funds has a receipt once the charity has it (approved or completed).
        </Text>
        <PagedList
          query={query}
          layout="inline"
          loading="Loading your receipts…"
          failed="Your receipts could not be loaded"
          keepDataOnError
          isEmpty={() => items.length === 0}
          empty={
            <EmptyState variant="text">
              No receipts yet: a gift of funds gets its receipt when it is approved. Gifts waiting for
              approval are on the Donations tab.
            </EmptyState>
          }
          more="Show older gifts"
        >
          {() => (
            <DonationList label="Gifts with a receipt">
              {items.map((donation) => (
                <DonationCard key={donation.id} donation={donation} onOpen={onOpen} />
              ))}
            </DonationList>
          )}
        </PagedList>
      </Stack>
    </Paper>
  );
}

/** The giving statement of a date range (PDF or CSV) and the receipts of gifts of funds. */
export function StatementsTab({ onOpen }: { onOpen: (id: number) => void }) {
  return (
    <Stack gap="md">
      <StatementSection />
      <ReceiptsSection onOpen={onOpen} />
    </Stack>
  );
}
