/** 3.24 -> '3.2 km away'. */
export function formatDistance(km: number | null | undefined): string {
  if (km === null || km === undefined) return '';
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km away`;
}
