import type { Project } from '@kindred/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProjectRoute } from '@/features/projects';
import { ProjectPage } from '@/features/public-pages';
import { projectFixture } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';

/** A Live project its viewer manages (a charity admin looking at its public page). */
const saved: Project = projectFixture({
  charity_id: 1,
  charity: { id: 1, name: 'River Trust', logo: null },
  owner_id: 1,
  city: null,
  post_code: null,
  volunteering_hours: null,
  volunteering_start: null,
  volunteering_end: null,
  skill_needs: [],
  gift_needs: [],
  giving_kinds: [2],
  funds_raised: 0,
  donors_count: 0,
  volunteering_pledged: 0,
  gifts_pledged: 0,
  can_manage: true,
});

const none = () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null });

/** The API as far as these screens go: it keeps the project, and PATCH changes it. */
function stubApi() {
  let project = { ...saved };
  const fetchMock = stubFetch({
    'GET /api/project/1': () => jsonResponse(project),
    'PATCH /api/project/1': (_url, init) => {
      project = { ...project, ...(JSON.parse(String(init.body)) as Partial<Project>) };
      return jsonResponse(project);
    },
    'GET /api/project/updates/1': none,
    'GET /api/project/1/impact': none,
    'GET /api/project/1/images': none,
    'GET /api/project/1/documents': none,
    'GET /api/project/admins/1': none,
    'GET /api/state/by_country/1': none,
  });
  const projectReads = () =>
    fetchMock.mock.calls.filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return url.pathname === '/api/project/1' && (init?.method ?? 'GET') === 'GET';
    }).length;
  return { projectReads };
}

/** The public page and the project admin screen, as the app's routes compose them. */
function renderBoth() {
  return renderRoutes(
    [
      {
        path: '/projects/:id',
        element: <ProjectPage projectId={1} renderProgress={() => null} renderMap={() => null} />,
      },
      { path: '/charity/projects/:id', element: <ProjectRoute /> },
    ],
    '/projects/1',
  );
}

describe('one project, one cache entry', { timeout: 30_000 }, () => {
  it("shows an admin's new title on the public page straight after the edit", async () => {
    const { projectReads } = stubApi();
    const { router } = renderBoth();
    expect(await screen.findByRole('heading', { level: 1, name: saved.title })).toBeInTheDocument();
    expect(projectReads()).toBe(1);

    // The admin screen reads the same cache entry: no second GET of the project.
    await act(() => router.navigate('/charity/projects/1'));
    const form = await screen.findByRole('form', { name: 'Project details' });
    expect(projectReads()).toBe(1);
    const title = within(form).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Cleaner river banks');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cleaner river banks' })).toBeInTheDocument();

    // Back on the public page (its data still fresh): the new title, not the one it showed before.
    await act(() => router.navigate('/projects/1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cleaner river banks' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: saved.title })).not.toBeInTheDocument();
  });
});
