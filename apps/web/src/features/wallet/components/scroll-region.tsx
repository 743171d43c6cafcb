import type { ReactNode } from 'react';

/**
 * A wide table's container: it scrolls sideways on a phone, and is a named, focusable region so
 * the keyboard can scroll it too.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}
