import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectQueries } from '@/entities/project';
import { projectFixture } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { ProjectGallery } from './project-media';

const image = (id: number) => ({
  id,
  project_id: 1,
  url: `/api/files/gallery/p${id}`,
  caption: `Picture ${id}`,
  created_at: '2030-01-01T10:00:00.000Z',
});

/** The cover as the project's page would show it. */
function Cover() {
  const project = useQuery(projectQueries.detail(1));
  return <p data-testid="cover">{project.data?.cover ?? 'none'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the gallery of a project', { timeout: 20_000 }, () => {
  it('marks the first picture as the cover, and deleting it makes the next one the cover', async () => {
    let images = [image(1), image(2)];
    stubFetch({
      'GET /api/project/1': () => jsonResponse(projectFixture({ cover: images[0]?.url ?? null })),
      'GET /api/project/1/images': () => jsonResponse({ items: images }),
      'DELETE /api/project/galery/1/1': () => {
        images = images.slice(1);
        return jsonResponse({ message: 'Picture deleted' });
      },
    });
    renderWithProviders(
      <>
        <Cover />
        <ProjectGallery project={projectFixture()} />
      </>,
    );
    expect(
      screen.getByText("The first picture is the project's cover, on its page and in explore."),
    ).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'Gallery' });
    const first = await within(gallery).findByRole('img', { name: 'Picture 1' });
    expect(first.closest('.mantine-Card-root')?.textContent).toContain('Cover');
    expect(
      within(gallery).getByRole('img', { name: 'Picture 2' }).closest('.mantine-Card-root')?.textContent,
    ).not.toContain('Cover');
    expect(screen.getByTestId('cover').textContent).toBe('/api/files/gallery/p1');

    await userEvent.click(within(gallery).getByRole('button', { name: 'Delete gallery picture 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete picture' }));
    await waitFor(() => expect(screen.getByTestId('cover').textContent).toBe('/api/files/gallery/p2'));
    const next = await within(gallery).findByRole('img', { name: 'Picture 2' });
    expect(next.closest('.mantine-Card-root')?.textContent).toContain('Cover');
  });
});
