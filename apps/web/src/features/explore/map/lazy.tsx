import { Center, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
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

export function PlaceMap(props: PlaceMapProps) {
  return (
    <Suspense fallback={<MapLoading height={props.height ?? 220} />}>
      <PlaceMapImpl {...props} />
    </Suspense>
  );
}

export type { ExploreMapProps, PlaceMapProps };
