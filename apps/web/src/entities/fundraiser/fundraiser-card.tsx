import type { FundraiserCard as FundraiserCardData } from '@kindred/shared';
import { Anchor, Badge, Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardCover } from '@/components/ui/picture';
import { causeName, causePath, fundraiserPath, pictureOf } from './fundraiser-format';
import { FundraiserProgress } from './fundraiser-progress';

export interface FundraiserCardProps {
  page: FundraiserCardData;
  /** Today ('YYYY-MM-DD'), for the days left. */
  today: string;
  /** The heading level of the page's title (3 under a list's heading). */
  headingOrder?: TitleOrder;
  /** Its place on a leaderboard, said before the title. */
  rank?: number;
  /** How wide the card shows at each viewport (the picture's `sizes`). */
  sizes?: string;
  /** Under the progress (an action of the list: hide, open). */
  children?: ReactNode;
}

/** How wide a card shows by default: one column on phones, two on tablets, three on wide screens. */
export const FUNDRAISER_CARD_SIZES = '(min-width: 75em) 400px, (min-width: 48em) 50vw, 100vw';

/**
 * A fundraising page in a list (a project's pages, a person's own, a team's leaderboard, a
 * charity's): its picture (or its cause's), title, who raises for what, and its progress; a page
 * the charity hid says so.
 */
export function FundraiserCard({
  page,
  today,
  headingOrder = 3,
  rank,
  sizes = FUNDRAISER_CARD_SIZES,
  children,
}: FundraiserCardProps) {
  const picture = pictureOf(page);
  const by = page.business ? `${page.fundraiser.name} for ${page.business.name}` : page.fundraiser.name;
  return (
    <Card withBorder padding="md" component="article" h="100%" data-testid="fundraiser-card">
      {picture ? <CardCover src={picture.src} kind={picture.kind} sizes={sizes} /> : null}
      <Stack gap="xs">
        <Title order={headingOrder} size="h4">
          {rank !== undefined ? `${rank}. ` : null}
          <Anchor component={Link} to={fundraiserPath(page.id)} c="inherit">
            {page.title}
          </Anchor>
        </Title>
        <Text size="sm">
          {`By ${by}, for `}
          <Anchor component={Link} to={causePath(page)}>
            {causeName(page)}
          </Anchor>
          {page.group ? (
            <>
              {' · team '}
              <Anchor component={Link} to={`/groups/${page.group.id}`}>
                {page.group.name}
              </Anchor>
            </>
          ) : null}
        </Text>
        {page.hidden ? (
          <Group gap={6}>
            <Badge color="red.9" variant="filled">
              Hidden by the charity
            </Badge>
          </Group>
        ) : null}
        <FundraiserProgress page={page} today={today} />
        {children}
      </Stack>
    </Card>
  );
}
