import {
  FUNDRAISER_HIDE_REASON_MAX_LENGTH,
  type FundraiserCard as FundraiserCardData,
  formatDisplayDate,
} from '@kindred/shared';
import { Anchor, Badge, Button, Progress, Group as Row, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { ReasonDialog, useReasonSubmit } from '@/components/ui/reason-dialog';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import {
  causeName,
  causePath,
  fundraiserPath,
  fundraiserQueries,
  hasEnded,
  percentRaised,
  raisedText,
} from '@/entities/fundraiser';
import { todayIso } from '@/lib/format';
import { useHideFundraiser } from '../api/hide-fundraiser';
import { useUnhideFundraiser } from '../api/unhide-fundraiser';

/** The fewest characters of a reason to hide a page (the API's rule, docs/product/fundraising-pages.md). */
const HIDE_REASON_MIN_LENGTH = 5;

/** Asks why, then hides the page; its fundraiser is told the reason. */
function HideDialog({ page, onClose }: { page: FundraiserCardData; onClose: () => void }) {
  const hide = useHideFundraiser();
  const { submit, fieldError, refusal } = useReasonSubmit(async (reason) => {
    await hide.mutateAsync({ id: page.id, reason });
    toast.success('Page hidden', `${page.fundraiser.name} is told why.`);
  }, onClose);
  return (
    <ReasonDialog
      title={`Hide “${page.title}”?`}
      description={`The page is gone for everyone but ${page.fundraiser.name} and the charity’s admins, and it takes no more gifts. ${page.fundraiser.name} reads your reason. What it raised stays counted.`}
      confirmLabel="Hide page"
      refusalTitle="Not hidden"
      emptyMessage="Tell the fundraiser why the page is hidden."
      minLength={HIDE_REASON_MIN_LENGTH}
      maxLength={FUNDRAISER_HIDE_REASON_MAX_LENGTH}
      pending={hide.isPending}
      refusal={refusal}
      fieldError={fieldError}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

/** Where a page stands: hidden by the charity, ended, or open. */
function PageStatus({ page, today }: { page: FundraiserCardData; today: string }) {
  if (page.hidden)
    return (
      <Badge color="red.9" variant="filled">
        Hidden
      </Badge>
    );
  if (hasEnded(page, today))
    return (
      <Badge color="dark" variant="outline">
        Ended
      </Badge>
    );
  return (
    <Badge color="teal.9" variant="filled">
      Open
    </Badge>
  );
}

function RaisedCell({ page }: { page: FundraiserCardData }) {
  const raised = raisedText(page.raised, page.target);
  const percent = percentRaised(page.raised, page.target);
  return (
    <Stack gap={4} miw={140}>
      <Text size="sm">{raised}</Text>
      <Progress.Root size="sm">
        <Progress.Section value={percent} color="indigo.8" aria-label={`${raised} (${percent}%)`} />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {page.gifts === 1 ? '1 gift' : `${page.gifts} gifts`}
      </Text>
    </Stack>
  );
}

export interface CharityFundraisersProps {
  charityId: number;
}

/**
 * `/charity/fundraisers`: every fundraising page for the charity or its projects, newest first,
 * hidden ones marked (docs/product/fundraising-pages.md). An admin hides a page that misrepresents
 * the charity, with a reason told to its fundraiser, and puts a hidden one back.
 */
export function CharityFundraisers({ charityId }: CharityFundraisersProps) {
  const pages = useInfiniteQuery(fundraiserQueries.ofCharity(charityId));
  const unhide = useUnhideFundraiser();
  const [hiding, setHiding] = useState<FundraiserCardData | null>(null);
  const today = todayIso();

  const putBack = async (page: FundraiserCardData) => {
    const ok = await confirm({
      title: `Put “${page.title}” back?`,
      message: `Everyone sees the page again, and it takes gifts until its end date. ${page.fundraiser.name} can share it again.`,
      confirmLabel: 'Put back',
      cancelLabel: 'Keep hidden',
    });
    if (!ok) return;
    await unhide.mutateAsync(page.id);
    toast.success('Page put back', `“${page.title}” shows again.`);
  };

  return (
    <TitledSection variant="plain" id="fundraisers-heading" title="Fundraising pages">
      <Text>
        Pages people opened to raise money for the charity or its projects. Hide a page that misrepresents the
        charity: it is gone for everyone but its fundraiser and the charity’s admins, and takes no more gifts.
        What it raised stays counted.
      </Text>
      <QueryState
        query={pages}
        loading="Loading the fundraising pages…"
        failed="The fundraising pages could not be loaded."
        empty={
          <EmptyState>
            Nobody has opened a fundraising page for the charity or its projects yet. When someone does, it
            shows here.
          </EmptyState>
        }
      >
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          return (
            <Stack gap="md">
              <ResponsiveTable
                caption="Fundraising pages, newest first"
                rows={items}
                rowKey={(page) => page.id}
                rowProps={(page) => ({
                  'data-testid': `fundraiser-row-${page.id}`,
                  'data-hidden': page.hidden ? 'true' : undefined,
                })}
                columns={[
                  {
                    header: 'Page',
                    rowHeader: true,
                    cell: (page) => (
                      <Stack gap={0}>
                        <Anchor
                          component={Link}
                          to={fundraiserPath(page.id)}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {page.title}
                        </Anchor>
                        <Text size="sm">
                          By {page.fundraiser.name}
                          {page.group ? ` · team ${page.group.name}` : ''}
                          {page.business ? ` · for ${page.business.name}` : ''}
                        </Text>
                      </Stack>
                    ),
                  },
                  {
                    header: 'For',
                    cell: (page) => (
                      <Anchor component={Link} to={causePath(page)} size="sm">
                        {causeName(page)}
                      </Anchor>
                    ),
                  },
                  { header: 'Raised', cell: (page) => <RaisedCell page={page} /> },
                  {
                    header: 'Status',
                    cell: (page) => (
                      <Stack gap={2} align="flex-start">
                        <PageStatus page={page} today={today} />
                        <Text size="xs" c="dimmed">
                          Ends {formatDisplayDate(page.end_date)}
                        </Text>
                      </Stack>
                    ),
                  },
                  {
                    header: 'Actions',
                    hiddenHeader: true,
                    cell: (page) => (
                      <Row gap="xs">
                        {page.hidden ? (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => void putBack(page)}
                            aria-label={`Put back: ${page.title}`}
                          >
                            Put back
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="default"
                            c="red.9"
                            onClick={() => setHiding(page)}
                            aria-label={`Hide: ${page.title}`}
                          >
                            Hide…
                          </Button>
                        )}
                      </Row>
                    ),
                  },
                ]}
              />
              <ShowMore query={pages}>Show more pages</ShowMore>
            </Stack>
          );
        }}
      </QueryState>
      {hiding ? <HideDialog page={hiding} onClose={() => setHiding(null)} /> : null}
    </TitledSection>
  );
}
