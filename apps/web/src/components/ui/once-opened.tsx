import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders its children (a drawer or dialog loaded on demand with `React.lazy`) from the first time
 * `opened` is true, and keeps them from then on, so that they can animate their closing. Until
 * then nothing is rendered and nothing downloaded.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
