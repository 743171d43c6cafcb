const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2027-01-21' -> '21 Jan 2027' (a calendar date, no time-zone shift); '' when not a date. */
export function formatDay(isoDate: string | null | undefined): string {
  const match = isoDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate) : null;
  if (!match) return '';
  return dateFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** 3.24 -> '3.2 km away'. */
export function formatDistance(km: number | null | undefined): string {
  if (km === null || km === undefined) return '';
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km away`;
}
