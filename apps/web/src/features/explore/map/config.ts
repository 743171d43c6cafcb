import { usePublicConfig } from '@/lib/config';

/**
 * The tile URL, as the deployment sets it (`MAP_TILE_URL`, served by GET /api/config; the page's
 * Content-Security-Policy allows images from that origin). When the call fails, the build's
 * `VITE_MAP_TILE_URL`, else OpenStreetMap. With no tiles reachable the map still works: markers
 * on a plain background, with the attribution.
 */
export const FALLBACK_TILE_URL: string =
  import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Credit for the tiles (HTML, from the build configuration). */
export const MAP_ATTRIBUTION: string =
  import.meta.env.VITE_MAP_ATTRIBUTION ||
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The whole of the UK, where the catalogue is, before anything narrows the view. */
export const UK_CENTER: [number, number] = [54.4, -3.4];
export const UK_ZOOM = 5;
/** Never zoom in further than this when fitting the view to the results. */
export const FIT_MAX_ZOOM = 12;

/** The tile URL to use, or null while the deployment's settings are loading. */
export function useTileUrl(): string | null {
  const config = usePublicConfig();
  if (config.data?.map_tile_url) return config.data.map_tile_url;
  if (config.isError || config.isSuccess) return FALLBACK_TILE_URL;
  return null;
}
