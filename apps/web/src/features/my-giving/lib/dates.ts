/** The first day of the year that `iso` falls in. */
export function startOfYear(iso: string): string {
  return `${iso.slice(0, 4)}-01-01`;
}
