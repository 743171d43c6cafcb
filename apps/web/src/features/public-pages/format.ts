const DOCUMENT_KINDS: Array<[RegExp, string]> = [
  [/pdf/, 'PDF'],
  [/wordprocessingml|msword/, 'Word'],
  [/presentationml|powerpoint/, 'PowerPoint'],
  [/spreadsheetml|excel/, 'Excel'],
  [/^text\/csv/, 'CSV'],
  [/^text\//, 'Text'],
];

/** 'application/pdf' -> 'PDF'. */
export function documentKind(mime: string): string {
  return DOCUMENT_KINDS.find(([pattern]) => pattern.test(mime))?.[1] ?? 'File';
}

/** '61 days left', '1 day left', 'Ends today', or '' when there is no end date. */
export function daysLeftText(daysLeft: number | null | undefined): string {
  if (daysLeft === null || daysLeft === undefined) return '';
  if (daysLeft < 0) return 'Ended';
  if (daysLeft === 0) return 'Ends today';
  return daysLeft === 1 ? '1 day left' : `${daysLeft} days left`;
}
