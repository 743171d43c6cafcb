import { type DivIcon, divIcon } from 'leaflet';

/**
 * Markers are CSS (`divIcon`), so no image files are needed. Each icon holds its own element
 * (Leaflet moves an element, so one icon per marker), with the marker's name as its text: Leaflet
 * makes a marker a focusable `role="button"`, and the text is its accessible name.
 */
function element(className: string, visible: string | null, name: string): HTMLElement {
  const root = document.createElement('span');
  root.className = className;
  if (visible !== null) {
    const shown = document.createElement('span');
    shown.setAttribute('aria-hidden', 'true');
    shown.textContent = visible;
    root.appendChild(shown);
  }
  const label = document.createElement('span');
  label.className = 'explore-map-sr-only';
  label.textContent = name;
  root.appendChild(label);
  return root;
}

/** A place (a project or a charity). */
export function pointIcon(name: string): DivIcon {
  return divIcon({
    className: 'explore-map-marker',
    html: element('explore-map-pin', null, name),
    // A teardrop (a square turned 45°, one corner sharp): its tip is 13·√2 ≈ 18 px below the centre.
    iconSize: [26, 26],
    iconAnchor: [13, 31],
    popupAnchor: [0, -30],
  });
}

/** A count bubble standing for several places; selecting it zooms in. */
export function clusterIcon(count: number, name: string): DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 50 : 58;
  return divIcon({
    className: 'explore-map-marker',
    html: element('explore-map-cluster', new Intl.NumberFormat('en-GB').format(count), name),
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
