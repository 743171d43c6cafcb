import type { Payout } from '@kindred/shared';
import { Button, Group } from '@mantine/core';
import { useDownloading } from '@/lib/downloading';
import { showDate } from '@/lib/format';
import { downloadStatement, type StatementFormat } from '../api/download-statement';

/** A payout's statement as PDF or CSV: the gifts it pays. */
export function StatementButtons({ payout }: { payout: Payout }) {
  const { busy, run } = useDownloading<StatementFormat>();
  const download = (format: StatementFormat) => run(format, () => downloadStatement(payout, format));
  return (
    <Group gap="xs" wrap="wrap">
      {(['pdf', 'csv'] as const).map((format) => (
        <Button
          key={format}
          size="xs"
          variant="default"
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          aria-label={`${format.toUpperCase()} statement of payout ${payout.id}, ${showDate(payout.created_at)}`}
          onClick={() => void download(format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
