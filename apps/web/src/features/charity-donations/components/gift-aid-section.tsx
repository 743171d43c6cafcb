import { formatMoney, type GiftAidClaim } from '@kindred/shared';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { confirm } from '@/components/ui/confirm';
import { PagedSection } from '@/components/ui/paged-list';
import { QueryState } from '@/components/ui/query-state';
import { buttonColumn, ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import type { CharityDonationAccess } from '@/entities/charity';
import { charityDonationQueries, type UnclaimedGiftAid } from '@/entities/donation';
import { useDownloading } from '@/lib/downloading';
import { showDate } from '@/lib/format';
import { useClaimGiftAid } from '../api/claim-gift-aid';
import { downloadClaimCsv } from '../api/download-claim-csv';
import { donationsCount } from '../lib/selection';

export interface GiftAidSectionProps {
  charityId: number;
  access: CharityDonationAccess;
}

function Unclaimed({ charityId }: { charityId: number }) {
  const unclaimed = useQuery(charityDonationQueries.unclaimedGiftAid(charityId));
  return (
    <QueryState
      query={unclaimed}
      loading="Loading the unclaimed Gift Aid…"
      failed="The unclaimed Gift Aid could not be loaded."
    >
      {(data) => <UnclaimedCard charityId={charityId} unclaimed={data} />}
    </QueryState>
  );
}

function UnclaimedCard({ charityId, unclaimed }: { charityId: number; unclaimed: UnclaimedGiftAid }) {
  const claim = useClaimGiftAid(charityId);
  const { donations, total, gift_aid: giftAid, awaiting_declaration: awaiting, adjustment } = unclaimed;
  const makeClaim = async () => {
    const sure = await confirm({
      title: 'Claim Gift Aid?',
      message: `${donationsCount(donations)} of ${formatMoney(total)} go into one claim of ${formatMoney(giftAid)}. They are marked claimed and cannot be claimed again. Download the CSV for HMRC's schedule afterwards.`,
      confirmLabel: 'Make the claim',
    });
    if (!sure) return;
    claim.mutate(undefined, {
      onSuccess: ({ claim: made }) =>
        toast.success(
          'Gift Aid claimed',
          `Claim of ${formatMoney(made.gift_aid)} made. Download its CSV below.`,
        ),
    });
  };
  return (
    <TitledSection variant="card" id="gift-aid-unclaimed" title="Not yet claimed">
      {donations === 0 ? (
        <EmptyState variant="text">
          No Gift Aid to claim: every eligible donation is in a claim. Gifts of funds from UK taxpayers with a
          Gift Aid declaration show here once approved.
        </EmptyState>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Eligible donations
              </Text>
              <Text fw={700} data-testid="unclaimed-donations">
                {donations}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Their total
              </Text>
              <Text fw={700} data-testid="unclaimed-total">
                {formatMoney(total)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {adjustment > 0 ? 'Gift Aid to claim (25%, less refunds)' : 'Gift Aid to claim (25%)'}
              </Text>
              <Text fw={700} data-testid="unclaimed-gift-aid">
                {formatMoney(giftAid)}
              </Text>
            </Stack>
          </SimpleGrid>
          <Group>
            <Button onClick={() => void makeClaim()} loading={claim.isPending}>
              Claim Gift Aid
            </Button>
          </Group>
        </>
      )}
      {adjustment > 0 ? (
        <Text size="sm" data-testid="unclaimed-adjustment">
          {formatMoney(adjustment)} claimed before on gifts since refunded will be taken off the next claim.
        </Text>
      ) : null}
      {awaiting > 0 ? (
        <Text size="sm" data-testid="unclaimed-awaiting">
          {awaiting === 1
            ? '1 more donation with Gift Aid waits for its donor to make a declaration naming your charity (theirs names no charity, which HMRC does not accept). It joins a claim once they do.'
            : `${awaiting} more donations with Gift Aid wait for their donors to make a declaration naming your charity (theirs names no charity, which HMRC does not accept). They join a claim once they do.`}
        </Text>
      ) : null}
    </TitledSection>
  );
}

function Claims({ charityId }: { charityId: number }) {
  const claims = useInfiniteQuery(charityDonationQueries.giftAidClaims(charityId));
  const { busy: downloading, run } = useDownloading<number>();
  const download = (claim: GiftAidClaim) => run(claim.id, () => downloadClaimCsv(charityId, claim.id));
  return (
    <PagedSection
      variant="card"
      id="gift-aid-claims"
      title="Claims"
      query={claims}
      loading="Loading the claims…"
      failed="The claims could not be loaded."
      empty={
        <EmptyState variant="text">
          No claims yet. A claim you make shows here with its CSV for HMRC.
        </EmptyState>
      }
      more="Show older claims"
    >
      {(items) => (
        <ResponsiveTable
          rows={items}
          rowKey={(claim) => claim.id}
          columns={[
            { header: 'Made', rowHeader: true, cell: (claim) => showDate(claim.created_at) },
            { header: 'Donations', cell: (claim) => claim.donations },
            { header: 'Total', cell: (claim) => formatMoney(claim.total) },
            {
              header: 'Taken off for refunds',
              cell: (claim) => (claim.adjustment > 0 ? `− ${formatMoney(claim.adjustment)}` : 'None'),
            },
            { header: 'Gift Aid', cell: (claim) => formatMoney(claim.gift_aid) },
            buttonColumn(
              (claim: GiftAidClaim) => ({
                text: 'Download CSV',
                label: `Download CSV of claim ${claim.id} (${showDate(claim.created_at)})`,
                onClick: () => download(claim),
                loading: downloading === claim.id,
              }),
              'Download',
            ),
          ]}
        />
      )}
    </PagedSection>
  );
}

/** `/charity/gift-aid`: the Gift Aid not yet claimed, making a claim, and the claims with their CSV. */
export function GiftAidSection({ charityId, access }: GiftAidSectionProps) {
  return (
    <TitledSection variant="plain" id="gift-aid-heading" title="Gift Aid">
      {!access.claimGiftAid ? (
        <Text>You need the View finance permission to claim the charity&apos;s Gift Aid.</Text>
      ) : (
        <>
          <Text>
            HMRC adds 25% to gifts of funds from UK taxpayers who made a Gift Aid declaration. Claim it in
            batches: each claim&apos;s CSV follows the layout of HMRC&apos;s Gift Aid schedule.
          </Text>
          <Unclaimed charityId={charityId} />
          <Claims charityId={charityId} />
        </>
      )}
    </TitledSection>
  );
}
