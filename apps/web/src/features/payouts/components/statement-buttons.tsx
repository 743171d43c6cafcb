import type { Payout } from '@kindred/shared';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { showDate } from '@/lib/format';
import { downloadStatement, type StatementFormat } from '../api/download-statement';

/** A payout's statement as PDF or CSV: the gifts it pays. */
export function StatementButtons({ payout }: { payout: Payout }) {
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const download = async (format: StatementFormat) => {
    setBusy(format);
    try {
      await downloadStatement(payout, format);
    } catch {
      // The API client showed the error toast.
    } finally {
      setBusy(null);
    }
  };
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
