import { PROJECT_STATUS } from '@kindred/shared';
import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { ExplorePage, NeedsProgress, PlaceMap, ProjectCardList } from '@/features/explore';
import { CharityPage, type MapPlace, ProjectPage } from '@/features/public-pages';
import { SupportersWall } from '@/features/supporters';

/** A positive whole id from the URL, or null. */
function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

const renderMap = (place: MapPlace) => (
  <PlaceMap latitude={place.latitude} longitude={place.longitude} label={place.label} />
);

/** `/projects/:id`: the public page, with explore's progress bars and map. */
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
        <SupportersWall projectId={project.id} live={project.status === PROJECT_STATUS.live} />
      )}
    />
  );
}

/** `/charities/:id`: the public page, with explore's project cards and map. */
export function PublicCharityRoute() {
  const { id } = useParams();
  const charityId = idParam(id);
  return (
    <CharityPage
      key={charityId}
      charityId={charityId}
      renderProjects={(charity) => <ProjectCardList charityId={charity} />}
      renderMap={renderMap}
    />
  );
}

/** Public screens: explore, and the public project and charity pages. */
export const exploreRoutes: RouteObject[] = [
  { path: 'explore', element: <ExplorePage /> },
  { path: 'projects/:id', element: <PublicProjectRoute /> },
  { path: 'charities/:id', element: <PublicCharityRoute /> },
];
