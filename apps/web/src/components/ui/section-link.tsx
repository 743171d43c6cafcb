import { Button } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useLocation, useMatch, useResolvedPath } from 'react-router';
import './section-link.css';

/** A link to one section of an area (charity, organisation, admin, mailbox), filled while it is open. */
export function SectionLink({ to, end, children }: { to: string; end?: boolean; children: string }) {
  const resolved = useResolvedPath(to);
  const active = useMatch({ path: resolved.pathname, end: end ?? false }) !== null;
  return (
    <Button component={NavLink} to={to} end={end} variant={active ? 'filled' : 'subtle'} size="compact-md">
      {children}
    </Button>
  );
}

/** Marks which ends of the strip hide links (the CSS fades those ends). */
function markHidden(strip: HTMLElement) {
  const hidden = strip.scrollWidth - strip.clientWidth;
  strip.toggleAttribute('data-more-before', strip.scrollLeft > 1);
  strip.toggleAttribute('data-more-after', hidden - strip.scrollLeft > 1);
}

/**
 * The sections of an area, its `SectionLink`s (the open one is `aria-current="page"`). On a wide
 * screen they wrap; on a phone they stay one row that scrolls sideways, the open section brought
 * into view, and a fading end shows that more sections lie that way.
 */
export function SectionNav({ label, children }: { label: string; children: ReactNode }) {
  const strip = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when another section opens.
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const open = element.querySelector<HTMLElement>('[aria-current="page"]');
    if (open && element.scrollWidth > element.clientWidth) {
      // Centred in the strip, without scrolling the page itself (scrollIntoView would).
      element.scrollLeft = open.offsetLeft - (element.clientWidth - open.offsetWidth) / 2;
    }
    markHidden(element);
    const update = () => markHidden(element);
    element.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      element.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [pathname]);
  return (
    <nav aria-label={label} className="section-nav">
      <div ref={strip} className="section-nav-strip">
        {children}
      </div>
    </nav>
  );
}
