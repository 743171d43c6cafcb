/** The map's tile URL: `VITE_MAP_TILE_URL` at build time, like the API's `MAP_TILE_URL` (default OpenStreetMap). */
export const MAP_TILE_URL: string =
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
