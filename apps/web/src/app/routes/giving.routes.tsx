import type { RouteObject } from 'react-router';

/** The signed-in person's giving: donations, recurring gifts, volunteering, totals, receipts, Gift Aid. */
export const givingRoutes: RouteObject[] = [
  {
    path: 'donations',
    // Charts and date inputs: loaded on demand.
    lazy: async () => ({ Component: (await import('@/features/my-giving')).MyGivingScreen }),
  },
];
