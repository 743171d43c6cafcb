import type { Project, ProjectSummary } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { projectFixture, projectSummaryFixture } from '@/testing/fixtures';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { CharityPage } from './charity-page';
import { ProjectPage } from './project-page';

const project: Project = projectFixture({
  charity_id: 1,
  charity: { id: 1, name: 'River Trust', logo: null },
  owner_id: 1,
  title: 'Clean-up of the river banks (Bristol)',
  description: 'First paragraph.\n\nSecond paragraph.',
  latitude: 51.45,
  longitude: -2.59,
});

const summary: ProjectSummary = projectSummaryFixture({ updates_count: 1 });

const page = <T,>(items: T[], next: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: null });

function renderProject(path = '/projects/1') {
  return renderRoutes(
    [
      {
        path: '/projects/:id',
        element: (
          <ProjectPage
            projectId={Number(path.split('/').pop()) || null}
            renderProgress={(totals, currency) => (
              <p data-testid="progress">{`${totals.funds_raised}/${totals.funds_target} ${currency}`}</p>
            )}
            renderMap={(place) => (
              <p data-testid="map">{`${place.label} at ${place.latitude},${place.longitude}`}</p>
            )}
            renderSupporters={(shown) => <p data-testid="supporters">{`Supporters of ${shown.id}`}</p>}
          />
        ),
      },
    ],
    path,
  );
}

describe('public project page', { timeout: 20_000 }, () => {
  it('shows the story, needs, dates, charity, updates, gallery and documents', async () => {
    stubFetch({
      'GET /api/project/1': () => jsonResponse(project),
      'GET /api/project/1/summary': () => jsonResponse(summary),
      'GET /api/project/updates/1': () =>
        page([
          { id: 3, project_id: 1, title: 'Week one', body: 'We began.', created_at: '2030-01-08T09:00:00Z' },
        ]),
      'GET /api/project/1/impact': () => jsonResponse({ items: [] }),
      'GET /api/project/1/images': () =>
        jsonResponse({
          items: [
            { id: 1, project_id: 1, url: '/api/files/a', caption: 'Volunteers at work', created_at: '' },
            { id: 2, project_id: 1, url: '/api/files/b', caption: null, created_at: '' },
          ],
        }),
      'GET /api/project/1/documents': () =>
        jsonResponse({
          items: [
            {
              id: 1,
              project_id: 1,
              name: 'Plan.pdf',
              url: '/api/files/plan.pdf',
              mime: 'application/pdf',
              size: 1_572_864,
              created_at: '',
            },
          ],
        }),
    });
    renderProject();
    expect(await screen.findByRole('heading', { level: 1, name: project.title })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'River Trust' })[0]?.getAttribute('href')).toBe(
      '/charities/1',
    );
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
    const needs = screen.getByTestId('needs');
    expect((await within(needs).findByTestId('progress')).textContent).toBe('300000/1000000 INR');
    expect(within(needs).getByText(/₹10,000 target, 4 donors so far/)).toBeInTheDocument();
    expect(within(needs).getByText(/40 hours, 10 Jan 2030 to 10 Feb 2030/)).toBeInTheDocument();
    expect(within(needs).getByText(/IT\/Tech, 10 hours/)).toBeInTheDocument();
    expect(within(needs).getByText(/Clothing or Bedding, 20 × Warm coats/)).toBeInTheDocument();
    expect((await screen.findByTestId('days-left')).textContent).toBe('12 days left');
    expect(screen.getByText('2 Mar 2030')).toBeInTheDocument();
    expect(screen.getByTestId('map').textContent).toBe(`${project.title} at 51.45,-2.59`);
    expect(await screen.findByRole('heading', { name: 'Week one' })).toBeInTheDocument();
    expect(await screen.findByAltText('Volunteers at work')).toHaveAttribute(
      'src',
      '/api/files/a_medium.webp',
    );
    expect(screen.getByAltText(`${project.title}: picture 2`)).toBeInTheDocument();
    const document = await screen.findByRole('link', { name: 'Plan.pdf' });
    expect(document).toHaveAttribute('href', '/api/files/plan.pdf');
    expect(document).toHaveAttribute('download', 'Plan.pdf');
    expect(screen.getByText('(PDF, 1.5 MB)')).toBeInTheDocument();
    expect(screen.getByText('No impact statements yet.')).toBeInTheDocument();
    expect(screen.getByTestId('supporters').textContent).toBe('Supporters of 1');
    // Sharing names the project's own address (docs/product/link-previews.md#sharing).
    const share = screen.getByRole('group', { name: 'Share this project' });
    const x = new URL(
      within(share).getByRole('link', { name: 'Share on X (opens a new tab)' }).getAttribute('href') ?? '',
    );
    expect(x.searchParams.get('url')).toBe(`${window.location.origin}/projects/1`);
    expect(x.searchParams.get('text')).toBe(`${project.title} on Kindred`);
  });

  it("shows the project's own logo beside its title", async () => {
    stubFetch({
      'GET /api/project/1': () => jsonResponse({ ...project, logo: '/api/files/logos/abc' }),
      'GET /api/project/1/summary': () => jsonResponse(summary),
      'GET /api/project/updates/1': () => page([]),
      'GET /api/project/1/impact': () => jsonResponse({ items: [] }),
      'GET /api/project/1/images': () => jsonResponse({ items: [] }),
      'GET /api/project/1/documents': () => jsonResponse({ items: [] }),
    });
    renderProject();
    const logo = await screen.findByRole('img', { name: `Logo of ${project.title}` });
    expect(logo).toHaveAttribute('src', '/api/files/logos/abc_medium.webp');
  });

  it('says "Project not found" for an unknown or non-public project, with no toast', async () => {
    stubFetch({ 'GET /api/project/99': () => errorResponse(404, 'NOT_FOUND', 'The project was not found.') });
    renderProject('/projects/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByText(/does not exist or is not public/)).toBeInTheDocument();
    expect(screen.queryByText('The project was not found.')).not.toBeInTheDocument();
  });
});

describe('public charity page', { timeout: 20_000 }, () => {
  it('shows the profile and hands its id to the projects slot', async () => {
    stubFetch({
      'GET /api/charity/1': () =>
        jsonResponse({
          id: 1,
          name: 'River Trust',
          registration_number: '1100001',
          charity_types: [10, 5],
          description: 'Rivers.',
          website: 'https://www.rivertrust.org.uk',
          email: 'hello@rivertrust.org.uk',
          phone: '0117 000 0000',
          address: '1 Quay Street',
          city: 'Bristol',
          post_code: 'BS1 4DJ',
          latitude: 51.45,
          longitude: -2.59,
          logo: null,
          lock_status: false,
          approval_status: 'approved',
          rejection_reason: null,
          live_projects: 2,
          created_at: '2029-01-01T00:00:00Z',
        }),
    });
    renderRoutes(
      [
        {
          path: '/charities/:id',
          element: (
            <CharityPage
              charityId={1}
              renderProjects={(id) => <p>Projects of charity {id}</p>}
              renderMap={(place) => <p>Map of {place.label}</p>}
            />
          ),
        },
      ],
      '/charities/1',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'River Trust' })).toBeInTheDocument();
    expect(screen.getByText('Environment and Conservation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://www.rivertrust.org.uk' })).toHaveAttribute(
      'href',
      'https://www.rivertrust.org.uk/',
    );
    expect(screen.getByRole('link', { name: 'hello@rivertrust.org.uk' })).toHaveAttribute(
      'href',
      'mailto:hello@rivertrust.org.uk',
    );
    expect(screen.getByRole('link', { name: '0117 000 0000' })).toHaveAttribute('href', 'tel:01170000000');
    expect(screen.getByText('1 Quay Street, Bristol, BS1 4DJ')).toBeInTheDocument();
    expect(screen.getByText('Projects of charity 1')).toBeInTheDocument();
    expect(screen.getByText('Map of River Trust')).toBeInTheDocument();
    const share = screen.getByRole('group', { name: 'Share this charity' });
    expect(within(share).getByRole('link', { name: 'Share on LinkedIn (opens a new tab)' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${window.location.origin}/charities/1`)}`,
    );
  });

  it('says "Charity not found" for a pending, locked or unknown charity', async () => {
    stubFetch({ 'GET /api/charity/5': () => errorResponse(404, 'NOT_FOUND', 'The charity was not found.') });
    renderRoutes(
      [
        {
          path: '/charities/:id',
          element: <CharityPage charityId={5} renderProjects={() => null} renderMap={() => null} />,
        },
      ],
      '/charities/5',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Charity not found' })).toBeInTheDocument();
  });
});
