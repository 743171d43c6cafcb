/**
 * Project statuses and the transitions allowed between them
 * (docs/product/projects-and-charities.md#transitions).
 */
export const PROJECT_STATUS = { cancelled: 0, draft: 1, live: 2, completed: 3, finished: 9 } as const;
export type ProjectStatusCode = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];

/** How a project may move, and by which action. Any other move answers 409. */
export const TRANSITIONS: ReadonlyArray<{ from: ProjectStatusCode; to: ProjectStatusCode; action: string }> =
  [
    { from: 1, to: 2, action: 'publish' },
    { from: 1, to: 0, action: 'cancel' },
    { from: 2, to: 0, action: 'cancel' },
    { from: 2, to: 3, action: 'complete' },
    /** A project Finished because its end date passed can still be completed (its funds go to the charity). */
    { from: 9, to: 3, action: 'complete' },
    /** End date passed (scheduled job) or impact statement published. */
    { from: 2, to: 9, action: 'finish' },
    { from: 3, to: 9, action: 'finish' },
    /** Extend: a Live project, or one Finished because its end date passed, runs again. */
    { from: 2, to: 2, action: 'extend' },
    { from: 9, to: 2, action: 'extend' },
    /** A platform admin returns a Live project to its charity for changes. */
    { from: 2, to: 1, action: 'return' },
  ];

export function canMove(from: number, to: number, action: string): boolean {
  return TRANSITIONS.some((t) => t.from === from && t.to === to && t.action === action);
}

export const STATUS_LABEL: Record<number, string> = {
  0: 'Cancelled',
  1: 'Draft',
  2: 'Live',
  3: 'Completed',
  9: 'Finished',
};
