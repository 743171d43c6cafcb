import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { SectionLink, SectionNav } from './section-link';

function Sections() {
  return (
    <SectionNav label="Organisation sections">
      <SectionLink to="/organisation" end>
        Profile
      </SectionLink>
      <SectionLink to="/organisation/members">Members</SectionLink>
      <SectionLink to="/organisation/reports">Reports</SectionLink>
    </SectionNav>
  );
}

describe('section navigation', () => {
  it('is one named navigation whose open section is announced as the current page', () => {
    renderRoutes([{ path: '/organisation/*', element: <Sections /> }], '/organisation/reports');
    const nav = screen.getByRole('navigation', { name: 'Organisation sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Profile', 'Members', 'Reports']);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, null, 'page']);
    // The links sit in one strip, which the phone layout keeps to one row that scrolls sideways.
    expect(new Set(links.map((link) => link.parentElement)).size).toBe(1);
    expect(links[0]?.parentElement?.className).toBe('section-nav-strip');
  });
});
