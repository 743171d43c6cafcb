import 'leaflet/dist/leaflet.css';
import './map.css';

import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { MAP_ATTRIBUTION, useTileUrl } from './config';
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
  const tileUrl = useTileUrl();
  const icon = useMemo(() => pointIcon(label), [label]);
  return (
    <Stack gap={4}>
      <MapContainer
        center={[latitude, longitude]}
        zoom={zoom}
        scrollWheelZoom={false}
        className="explore-map"
        style={{ height }}
      >
        {tileUrl ? (
          <TileLayer
            url={tileUrl}
            attribution={MAP_ATTRIBUTION}
            eventHandlers={{ tileerror: () => setTilesFailed(true) }}
          />
        ) : null}
        <Marker position={[latitude, longitude]} icon={icon} title={label} keyboard={false} />
      </MapContainer>
      {tilesFailed ? (
        <Text size="xs" c="dimmed">
          The map background could not be loaded.
        </Text>
      ) : null}
    </Stack>
  );
}
