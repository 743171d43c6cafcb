import { PROJECT_STATUS } from '@kindred/shared';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { ExplorePage, NeedsProgress, PlaceMap, ProjectCardList } from '@/features/explore';
import { GiveActions, type GiveActionsProps } from '@/features/giving';
import { CharityPage, type MapPlace, ProjectPage } from '@/features/public-pages';

/** A positive whole id from the URL, or null. */
function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

const renderMap = (place: MapPlace) => (
  <PlaceMap latitude={place.latitude} longitude={place.longitude} label={place.label} />
);

/** The guest-giving feature's flow, loaded when a signed-out visitor chooses to give as a guest. */
const GuestGiveFlow = lazy(async () => ({
  default: (await import('@/features/guest-giving')).GuestGiveFlow,
}));

/** Giving without an account (docs/product/card-gifts.md#giving-without-an-account): the guest flow. */
export const renderGuestGive: NonNullable<GiveActionsProps['renderGuestGive']> = (props) => (
  <Suspense fallback={null}>
    <GuestGiveFlow {...props} />
  </Suspense>
);

/**
 * The supporters wall, below the fold of a project page: loaded with its data, not with the page's
 * first load (docs/decisions/030-first-load-on-demand.md).
 */
const SupportersWall = lazy(async () => ({
  default: (await import('@/features/supporters')).SupportersWall,
}));

/** A project's fundraising pages, below the fold like its supporters wall: loaded with their data. */
const ProjectFundraisers = lazy(async () => ({
  default: (await import('@/features/fundraisers')).ProjectFundraisers,
}));

/** `/projects/:id`: the public page, with explore's progress bars and map, and giving. */
export function PublicProjectRoute() {
  const { id } = useParams();
  const projectId = idParam(id);
  return (
    <ProjectPage
      key={projectId}
      projectId={projectId}
      renderProgress={(totals, currency) => <NeedsProgress totals={totals} currency={currency} size="md" />}
      renderMap={renderMap}
      renderSupporters={(project) => (
        <Suspense fallback={null}>
          <SupportersWall projectId={project.id} live={project.status === PROJECT_STATUS.live} />
        </Suspense>
      )}
      renderGive={(project) => (
        <GiveActions target={{ kind: 'project', project }} renderGuestGive={renderGuestGive} />
      )}
      renderFundraisers={(project) => (
        <Suspense fallback={null}>
          <ProjectFundraisers projectId={project.id} />
        </Suspense>
      )}
    />
  );
}

/** `/charities/:id`: the public page, with explore's project cards and map, and direct giving. */
export function PublicCharityRoute() {
  const { id } = useParams();
  const charityId = idParam(id);
  return (
    <CharityPage
      key={charityId}
      charityId={charityId}
      renderProjects={(charity) => <ProjectCardList charityId={charity} />}
      renderMap={renderMap}
      renderGive={(charity) => (
        <GiveActions target={{ kind: 'charity', charity }} renderGuestGive={renderGuestGive} />
      )}
    />
  );
}

/** Public screens: explore, and the public project and charity pages. */
export const exploreRoutes: RouteObject[] = [
  { path: 'explore', element: <ExplorePage /> },
  { path: 'projects/:id', element: <PublicProjectRoute /> },
  { path: 'charities/:id', element: <PublicCharityRoute /> },
];
