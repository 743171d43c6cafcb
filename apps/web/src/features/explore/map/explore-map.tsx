import 'leaflet/dist/leaflet.css';
import './map.css';

import type { Locations } from '@kindred/shared';
import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type LeafletKeyboardEvent, type Map as LeafletMap, latLngBounds } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router';
import { type ExploreMapKind, exploreQueries, type MapView, useLocations } from '../api/explore';
import { BaseMap } from './base-map';
import { FIT_MAX_ZOOM, UK_CENTER, UK_ZOOM } from './config';
import { clusterIcon, pointIcon } from './markers';

type Query = Record<string, string | number | boolean | undefined>;

/** Wait this long after the map stops moving before asking for its markers. */
export const MOVE_DEBOUNCE_MS = 300;

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

/** The bounding box and zoom of what the map shows, as the locations calls take them. */
export function viewOf(map: LeafletMap): MapView {
  const bounds = map.getBounds();
  const west = clamp(bounds.getWest(), -180, 180);
  const east = clamp(bounds.getEast(), -180, 180);
  const south = clamp(bounds.getSouth(), -90, 90);
  const north = clamp(bounds.getNorth(), -90, 90);
  return {
    bbox: [west, south, east, north].map((n) => n.toFixed(4)).join(','),
    zoom: clamp(Math.round(map.getZoom()), 0, 22),
  };
}

/** Reports the map's view on load and, debounced, after each move or zoom. */
function ViewWatcher({ onView }: { onView: (view: MapView) => void }) {
  const timer = useRef<number | undefined>(undefined);
  const map = useMapEvents({
    moveend: () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => onView(viewOf(map)), MOVE_DEBOUNCE_MS);
    },
  });
  useEffect(() => {
    onView(viewOf(map));
    return () => window.clearTimeout(timer.current);
  }, [map, onView]);
  return null;
}

/** When the filters change, moves the map to where their results are (once per change). */
function FitToResults({ kind, query }: { kind: ExploreMapKind; query: Query }) {
  const map = useMap();
  const key = JSON.stringify(query);
  const fitted = useRef<string | null>(null);
  const narrowed = Object.keys(query).length > 0;
  const overview = useQuery({ ...exploreQueries.overview(kind, query, UK_ZOOM), enabled: narrowed });
  useEffect(() => {
    if (!narrowed || !overview.data || fitted.current === key) return;
    fitted.current = key;
    const places = [...overview.data.items, ...overview.data.clusters].map(
      (place) => [place.latitude, place.longitude] as [number, number],
    );
    if (places.length === 0) return;
    map.fitBounds(latLngBounds(places), { padding: [48, 48], maxZoom: FIT_MAX_ZOOM });
  }, [map, key, narrowed, overview.data]);
  return null;
}

function PointMarker({ point, to }: { point: Locations['items'][number]; to: string }) {
  const icon = useMemo(() => pointIcon(point.name), [point.name]);
  return (
    <Marker position={[point.latitude, point.longitude]} icon={icon} title={point.name}>
      <Popup>
        <Anchor component={Link} to={to} fw={700} size="sm">
          {point.name}
        </Anchor>
      </Popup>
    </Marker>
  );
}

function ClusterMarker({ cluster, noun }: { cluster: Locations['clusters'][number]; noun: string }) {
  const map = useMap();
  const name = `${cluster.count} ${noun} here: zoom in`;
  const icon = useMemo(() => clusterIcon(cluster.count, name), [cluster.count, name]);
  const zoomIn = () =>
    map.setView([cluster.latitude, cluster.longitude], Math.min(map.getZoom() + 2, map.getMaxZoom()));
  return (
    <Marker
      position={[cluster.latitude, cluster.longitude]}
      icon={icon}
      title={name}
      eventHandlers={{
        click: zoomIn,
        keypress: (event) => {
          if ((event as LeafletKeyboardEvent).originalEvent.key === 'Enter') {
            zoomIn();
            // The bubble goes away with the new markers: keep the focus on the map.
            map.getContainer().focus();
          }
        },
      }}
    />
  );
}

export interface ExploreMapProps {
  kind: ExploreMapKind;
  /** The filters of the locations call (the same as the list's). */
  query: Query;
  /** 'project' and 'projects'. */
  noun: readonly [string, string];
  /** The page of a place on the map. */
  linkTo: (id: number) => string;
  height?: number;
}

/**
 * The map view of explore: markers for the places in view, refetched (debounced) as the map moves
 * or zooms; count bubbles where they are dense (select one to zoom in); popups link to each page.
 */
export default function ExploreMap({ kind, query, noun, linkTo, height = 480 }: ExploreMapProps) {
  const [view, setView] = useState<MapView | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const locations = useLocations(kind, query, view);
  const data = locations.data;
  const [one, many] = noun;

  let status: string;
  if (!data) status = locations.isError ? `The ${many} on the map could not be loaded.` : `Loading the map…`;
  else if (data.total === 0)
    status = `No ${many} in this area. Zoom out, move the map or change the filters.`;
  else if (data.clusters.length > 0)
    status = `${data.total} ${many} in this area, in ${data.clusters.length} ${data.clusters.length === 1 ? 'group' : 'groups'}: select a group to zoom in.`;
  else status = `${data.total} ${data.total === 1 ? one : many} in this area: select a marker for its page.`;

  return (
    <Stack gap="xs">
      <BaseMap center={UK_CENTER} zoom={UK_ZOOM} height={height} onTilesFailed={() => setTilesFailed(true)}>
        <ViewWatcher onView={setView} />
        <FitToResults kind={kind} query={query} />
        {(data?.items ?? []).map((point) => (
          <PointMarker key={`p${point.id}`} point={point} to={linkTo(point.id)} />
        ))}
        {(data?.clusters ?? []).map((cluster) => (
          <ClusterMarker
            key={`c${cluster.latitude},${cluster.longitude}`}
            cluster={cluster}
            noun={cluster.count === 1 ? one : many}
          />
        ))}
      </BaseMap>
      <Text size="sm" role="status" data-testid="map-status">
        {status}
      </Text>
      {tilesFailed ? (
        <Text size="sm" c="dimmed">
          The map background could not be loaded; the markers still show where the {many} are.
        </Text>
      ) : null}
    </Stack>
  );
}
