import type { ReactNode } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';
import { MAP_ATTRIBUTION, useTileUrl } from './config';

export interface BaseMapProps {
  center: [number, number];
  zoom: number;
  height: number;
  /** Called when a background tile does not load: the map then says so below it. */
  onTilesFailed: () => void;
  /** The markers and whatever else the map holds. */
  children: ReactNode;
}

/**
 * The map every view draws on: the page scrolls over it (no scroll-wheel zoom), and its
 * background is the deployment's tiles once their URL is known.
 */
export function BaseMap({ center, zoom, height, onTilesFailed, children }: BaseMapProps) {
  const tileUrl = useTileUrl();
  return (
    <MapContainer
      center={center}
      zoom={zoom}
      scrollWheelZoom={false}
      className="explore-map"
      style={{ height }}
    >
      {tileUrl ? (
        <TileLayer url={tileUrl} attribution={MAP_ATTRIBUTION} eventHandlers={{ tileerror: onTilesFailed }} />
      ) : null}
      {children}
    </MapContainer>
  );
}
