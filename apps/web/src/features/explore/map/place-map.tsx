import 'leaflet/dist/leaflet.css';
import './map.css';

import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Marker } from 'react-leaflet';
import { BaseMap } from './base-map';
import { pointIcon } from './markers';

export interface PlaceMapProps {
  latitude: number;
  longitude: number;
  /** What is there: the marker's name. */
  label: string;
  height?: number;
  zoom?: number;
}

/** A small map with one marker: where a project or a charity is. */
export default function PlaceMap({ latitude, longitude, label, height = 220, zoom = 12 }: PlaceMapProps) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const icon = useMemo(() => pointIcon(label), [label]);
  return (
    <Stack gap={4}>
      <BaseMap
        center={[latitude, longitude]}
        zoom={zoom}
        height={height}
        onTilesFailed={() => setTilesFailed(true)}
      >
        <Marker position={[latitude, longitude]} icon={icon} title={label} keyboard={false} />
      </BaseMap>
      {tilesFailed ? (
        <Text size="xs" c="dimmed">
          The map background could not be loaded.
        </Text>
      ) : null}
    </Stack>
  );
}
