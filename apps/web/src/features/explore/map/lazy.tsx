import { Center, Loader, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ExploreMapProps } from './explore-map';
import type { PlaceMapProps } from './place-map';

// Leaflet is loaded only when a map is shown.
const ExploreMapImpl = lazy(() => import('./explore-map'));
const PlaceMapImpl = lazy(() => import('./place-map'));

function MapLoading({ height }: { height: number }) {
  return (
    <Center h={height} role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text ml="sm" size="sm">
        Loading the map…
      </Text>
    </Center>
  );
}

export function ExploreMap(props: ExploreMapProps) {
  return (
    <Suspense fallback={<MapLoading height={props.height ?? 480} />}>
      <ExploreMapImpl {...props} />
    </Suspense>
  );
}

/**
 * True once the element has come within `margin` of the viewport (and from then on). Without
 * IntersectionObserver, at once.
 */
function useNearViewport<T extends Element>(margin: string) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}

/**
 * A place's map (a project's key facts). Leaflet loads when the map nears the viewport: on a
 * phone it sits far below the fold, and loading it with the page held the main thread while the
 * page's first screen was drawn. Until then its room is kept, empty (nothing claims to load).
 */
export function PlaceMap(props: PlaceMapProps) {
  const height = props.height ?? 220;
  const { ref, near } = useNearViewport<HTMLDivElement>('300px');
  return (
    <div ref={ref} data-testid="place-map" style={{ minHeight: height }}>
      {near ? (
        <Suspense fallback={<MapLoading height={height} />}>
          <PlaceMapImpl {...props} />
        </Suspense>
      ) : null}
    </div>
  );
}

export type { ExploreMapProps, PlaceMapProps };
