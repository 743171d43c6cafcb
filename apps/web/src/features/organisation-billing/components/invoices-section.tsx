import { formatMoney, type Invoice } from '@kindred/shared';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedTable } from '@/components/ui/paged-table';
import type { PagePosition } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/states';
import { billingQueries } from '@/entities/billing';
import { showDate } from '@/lib/format';
import { downloadInvoice } from '../api/download-invoice';
import { INVOICE_STATUS_LABELS, periodText } from '../lib/billing-labels';

function DownloadButton({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="default"
      loading={busy}
      aria-label={`Download PDF of invoice ${invoice.number}`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadInvoice(invoice.business_id, invoice.id, invoice.number);
        } finally {
          setBusy(false);
        }
      }}
    >
      Download PDF
    </Button>
  );
}

/** `/organisation/invoices`: one numbered invoice a period, newest first, each as a PDF. */
export function InvoicesSection({ businessId, canRead }: { businessId: number; canRead: boolean }) {
  const [position, setPosition] = useState<PagePosition>({});
  const invoices = useQuery({ ...billingQueries.invoices(businessId, position), enabled: canRead });
  if (!canRead) return <Text>Only the organisation’s Super Admins and Admins see its invoices.</Text>;
  return (
    <PagedTable
      query={invoices}
      loading="Loading the invoices…"
      failed="The invoices could not be loaded."
      empty={<EmptyState>No invoices yet: each period of a subscription gives one.</EmptyState>}
      onPage={setPosition}
      gap="md"
      aria-label="Invoices"
      rowKey={(row) => row.id}
      columns={[
        { header: 'Invoice', rowHeader: true, cell: (row) => row.number },
        { header: 'Period', cell: (row) => periodText(row.period_start, row.period_end) },
        { header: 'Plan', cell: (row) => row.plan_name },
        {
          header: 'Discount',
          cell: (row) =>
            row.discount_code ? `${formatMoney(row.discount, row.currency)} (${row.discount_code})` : '—',
        },
        { header: 'Total', align: 'right', cell: (row) => formatMoney(row.total, row.currency) },
        {
          header: 'Status',
          cell: (row) => (
            <Stack gap={2}>
              <Badge color={row.status === 'paid' ? 'teal.9' : 'yellow.9'}>
                {INVOICE_STATUS_LABELS[row.status]}
              </Badge>
              {row.status === 'paid' ? (
                <Text size="xs">{showDate(row.paid_at)}</Text>
              ) : row.last_error ? (
                <Text size="xs">{row.last_error}</Text>
              ) : null}
            </Stack>
          ),
        },
        { header: 'Download', hiddenHeader: true, cell: (row) => <DownloadButton invoice={row} /> },
      ]}
    />
  );
}
