/**
 * A project's needs of skills and gifts in all, as its card, summary and page show their progress
 * (docs/product/projects-and-charities.md#needs-and-progress): the hours of every skill asked for, the items of every gift.
 */
export function skilledHoursNeeded(needs: ReadonlyArray<{ hours: number }>): number {
  return needs.reduce((sum, need) => sum + need.hours, 0);
}

export function giftsNeeded(needs: ReadonlyArray<{ quantity: number }>): number {
  return needs.reduce((sum, need) => sum + need.quantity, 0);
}
