import {
  FUNDRAISER_PICTURE_SIZES,
  type Fundraiser,
  formatDisplayDate,
  PROJECT_STATUS,
  type Project,
} from '@kindred/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { Paragraphs } from '@/components/ui/paragraphs';
import { LeadCover, Picture } from '@/components/ui/picture';
import { ShareLinks } from '@/components/ui/share-links';
import {
  CREATED_PARAM,
  causeName,
  causePath,
  FundraiserProgress,
  fundraiserPath,
  fundraiserQueries,
  hasEnded,
  pictureOf,
} from '@/entities/fundraiser';
import { projectQueries } from '@/entities/project';
import { useRevealed } from '@/lib/deferred';
import { todayIso } from '@/lib/format';
import { FundraiserNotReady } from './fundraiser-states';
import { FundraiserSupporters } from './fundraiser-supporters';
import { FundraiserUpdates } from './fundraiser-updates';
import './fundraiser-page.css';

/** The picture's upload (the drop zone) loads when its fundraiser opens it. */
const PictureDialog = lazy(async () => ({ default: (await import('./picture-dialog')).PictureDialog }));

/** What the route needs to open the giving flow through the page. */
export interface FundraiserGive {
  page: Fundraiser;
  /** The page's project (null for a charity's page): the giving flow gives to it. */
  project: Project | null;
}

export interface FundraiserPageProps {
  /** From the URL; null when it is not a page id. */
  pageId: number | null;
  /** The Give button and its flows (the giving features', given by the route), for an open page. */
  renderGive?: (give: FundraiserGive) => ReactNode;
}

/** Who raises the money, for what, and with whom: the lines under the title. */
function WhoAndWhat({ page }: { page: Fundraiser }) {
  return (
    <Stack gap={4}>
      <Text size="lg">
        {`${page.fundraiser.name} is raising money for `}
        <Anchor component={Link} to={causePath(page)}>
          {causeName(page)}
        </Anchor>
        {page.project ? (
          <>
            {', a project of '}
            <Anchor component={Link} to={`/charities/${page.charity.id}`}>
              {page.charity.name}
            </Anchor>
          </>
        ) : null}
        .
      </Text>
      {page.group ? (
        <Text>
          {'One of the team '}
          <Anchor component={Link} to={`/groups/${page.group.id}`}>
            {page.group.name}
          </Anchor>
          .
        </Text>
      ) : null}
      {page.business ? <Text>{`On behalf of ${page.business.name}.`}</Text> : null}
    </Stack>
  );
}

/** The page's picture: its own, or its cause's (a cover across the column, a logo smaller). */
function LeadPicture({ page }: { page: Fundraiser }) {
  const picture = pictureOf(page);
  if (!picture) return null;
  // The picture leads the page: loaded first. Decoration: the heading names the page.
  if (picture.kind === 'logo')
    return <Picture src={picture.src} kind="logo" alt="" width={160} height={160} priority radius={8} />;
  return <LeadCover src={picture.src} height={450} sizes={FUNDRAISER_PICTURE_SIZES} />;
}

/** Why a page the charity did not hide offers no gift now: it ended, or its project stopped taking gifts. */
function NoGifts({ page, ended }: { page: Fundraiser; ended: boolean }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="fundraiser-closed">
      <Stack gap="xs">
        <Title order={2} size="h3" id="fundraiser-closed">
          {ended ? 'This page has ended' : 'This page takes no gifts now'}
        </Title>
        <Text>
          {ended
            ? `It took gifts until ${formatDisplayDate(page.end_date)}. Thank you to everyone who gave.`
            : 'Its project is no longer taking gifts.'}
        </Text>
        <Text size="sm">
          {'You can still find out more about '}
          <Anchor component={Link} to={causePath(page)}>
            {causeName(page)}
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}

/** Edit, change the picture: what the page's fundraiser does on it. */
function OwnerTools({ page, onPicture }: { page: Fundraiser; onPicture: () => void }) {
  return (
    <Group gap="sm" role="group" aria-label="Your page">
      <Button component={Link} to={`${fundraiserPath(page.id)}/edit`} variant="default">
        Edit page
      </Button>
      <Button variant="default" onClick={onPicture}>
        {page.picture ? 'Change picture' : 'Add a picture'}
      </Button>
    </Group>
  );
}

/** What a new page's fundraiser is asked to do first: add a picture and share the page. */
function CreatedPrompt({
  page,
  url,
  onPicture,
  onDismiss,
}: {
  page: Fundraiser;
  url: string;
  onPicture: () => void;
  onDismiss: () => void;
}) {
  return (
    <Alert color="teal" variant="light" title="Your page is open" data-testid="created-prompt">
      <Stack gap="sm">
        <Text size="sm">
          {page.picture
            ? 'Now share it: every gift through your page counts toward your target.'
            : 'Add a picture of your own, then share the page: every gift through it counts toward your target.'}
        </Text>
        <Group gap="sm">
          {page.picture ? null : (
            <Button size="sm" onClick={onPicture}>
              Add a picture
            </Button>
          )}
          <Button size="sm" variant="default" onClick={onDismiss}>
            Done
          </Button>
        </Group>
        <ShareLinks title="Share your page" url={url} text={`${page.title}: will you give?`} />
      </Stack>
    </Alert>
  );
}

/**
 * `/fundraisers/:id`: a fundraising page (docs/product/fundraising-pages.md). Its picture (or its
 * cause's), title, who raises for what, the progress toward the target, the Give button, sharing,
 * the story, the fundraiser's updates and the supporters wall. Its fundraiser edits it, changes the
 * picture and posts updates; a page the charity hid says why to those who still see it.
 */
export function FundraiserPage({ pageId, renderGive }: FundraiserPageProps) {
  const [today] = useState(todayIso);
  const [params, setParams] = useSearchParams();
  const [picturing, setPicturing] = useState(false);
  const query = useQuery({ ...fundraiserQueries.detail(pageId ?? 0), enabled: pageId !== null });
  const page = query.data;
  const open = page !== undefined && !page.hidden && !hasEnded(page, today);
  // The giving flow gives to the page's project: read before the page shows, so nothing moves.
  const projectId = open && page.project ? page.project.id : null;
  const project = useQuery({ ...projectQueries.detail(projectId ?? 0), enabled: projectId !== null });
  const ready = query.isSuccess && (projectId === null || !project.isPending);
  const shown = useRevealed(ready);

  if (pageId === null || !query.isSuccess || !shown || !page) {
    return <FundraiserNotReady title="Fundraiser" missing={pageId === null} query={query} />;
  }
  const url = `${window.location.origin}${fundraiserPath(page.id)}`;
  // A page just opened is to be shared: not while the charity has it hidden.
  const created = page.can_edit && !page.hidden && params.get(CREATED_PARAM) !== null;
  const dismissCreated = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CREATED_PARAM);
        return next;
      },
      { replace: true },
    );
  // A project that stopped taking gifts stops its pages too.
  const causeProject = page.project ? (project.data ?? null) : null;
  const takesGifts = open && (page.project === null || causeProject?.status === PROJECT_STATUS.live);
  const give = takesGifts && renderGive ? renderGive({ page, project: causeProject }) : null;

  return (
    <Page title={page.title} size="lg" description={<WhoAndWhat page={page} />}>
      {page.hidden ? (
        <Alert color="red" variant="light" title="The charity has hidden this page" data-testid="hidden-note">
          <Text size="sm">
            {`${page.charity.name} took this page down${page.hidden_reason ? `: “${page.hidden_reason}”` : '.'}`}
          </Text>
          <Text size="sm" mt={4}>
            {page.can_edit
              ? 'Only you and the charity’s admins can see it, and it takes no gifts. What it raised still counts.'
              : 'Only its fundraiser and the charity’s admins can see it, and it takes no gifts.'}
          </Text>
        </Alert>
      ) : null}
      {created ? (
        <CreatedPrompt
          page={page}
          url={url}
          onPicture={() => setPicturing(true)}
          onDismiss={dismissCreated}
        />
      ) : null}
      {page.can_edit ? <OwnerTools page={page} onPicture={() => setPicturing(true)} /> : null}
      <div className="fundraiser-layout">
        <div className="fundraiser-layout-picture">
          <LeadPicture page={page} />
        </div>
        <div className="fundraiser-layout-aside">
          <Stack gap="md">
            <Paper withBorder p="lg" component="section" aria-labelledby="fundraiser-progress-heading">
              <Stack gap="sm">
                <Title order={2} size="h3" id="fundraiser-progress-heading">
                  Progress
                </Title>
                <FundraiserProgress page={page} today={today} size="lg" />
              </Stack>
            </Paper>
            {takesGifts ? give : page.hidden ? null : <NoGifts page={page} ended={hasEnded(page, today)} />}
            {page.hidden || created ? null : (
              <Paper withBorder p="lg">
                <ShareLinks title="Share this page" url={url} text={`${page.title}: will you give?`} />
              </Paper>
            )}
          </Stack>
        </div>
        <div className="fundraiser-layout-main">
          <Stack gap="lg">
            <Paper withBorder p="lg" component="section" aria-labelledby="fundraiser-story">
              <Stack gap="sm">
                <Title order={2} size="h3" id="fundraiser-story">
                  The story
                </Title>
                <Paragraphs wrapAnywhere text={page.story} />
              </Stack>
            </Paper>
            <FundraiserUpdates pageId={page.id} fundraiser={page.fundraiser.name} canPost={page.can_edit} />
            <FundraiserSupporters pageId={page.id} open={takesGifts} />
          </Stack>
        </div>
      </div>
      {picturing ? (
        <Suspense fallback={null}>
          <PictureDialog page={page} onClose={() => setPicturing(false)} />
        </Suspense>
      ) : null}
    </Page>
  );
}
