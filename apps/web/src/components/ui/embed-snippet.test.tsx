import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { EmbedSnippetSection, embedSnippet } from './embed-snippet';

function renderSnippet(title = 'Donate to Clean-up of the river banks') {
  renderRoutes([
    {
      path: '/',
      element: (
        <EmbedSnippetSection id="donate-button" path="/embed/project/12" title={title}>
          <p>Put this project’s giving page on your own website.</p>
        </EmbedSnippetSection>
      ),
    },
  ]);
  return screen.getByRole('region', { name: 'Donate button for your website' });
}

describe('the donate button’s snippet', () => {
  it('is an iframe of this site’s donate page, named for screen readers, sized to fit a column', () => {
    const section = renderSnippet();
    const snippet = within(section).getByTestId('embed-snippet').textContent ?? '';
    const frame = new DOMParser().parseFromString(snippet, 'text/html').querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(`${window.location.origin}/embed/project/12`);
    expect(frame?.getAttribute('title')).toBe('Donate to Clean-up of the river banks');
    expect(frame?.getAttribute('width')).toBe('480');
    expect(frame?.getAttribute('height')).toBe('760');
    expect(frame?.getAttribute('style')).toBe('width: 100%; max-width: 480px; border: 0;');
    const preview = within(section).getByRole('link', { name: 'Open the donate page (opens a new tab)' });
    expect(preview).toHaveAttribute('href', '/embed/project/12');
    expect(preview).toHaveAttribute('target', '_blank');
  });

  it('keeps a title with quotes or brackets inside its attribute', () => {
    const frame = new DOMParser()
      .parseFromString(
        embedSnippet('https://kindred.example/embed/charity/3', 'Donate to "Rivers" <& Co>'),
        'text/html',
      )
      .querySelector('iframe');
    expect(frame?.getAttribute('title')).toBe('Donate to "Rivers" <& Co>');
    expect(frame?.getAttribute('src')).toBe('https://kindred.example/embed/charity/3');
  });

  it('copies the code, or says to copy it by hand when the browser refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const section = renderSnippet();
    await userEvent.click(within(section).getByRole('button', { name: 'Copy the code' }));
    expect(writeText).toHaveBeenCalledWith(within(section).getByTestId('embed-snippet').textContent);
    expect(await within(section).findByRole('status')).toHaveTextContent('The code is copied');
    await userEvent.click(within(section).getByRole('button', { name: 'Copy the code' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('select the code above and copy it');
  });
});
