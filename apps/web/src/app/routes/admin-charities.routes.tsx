import type { RouteObject } from 'react-router';

/** Platform admin charity screens: pending charities (accept or reject). */
export const adminCharitiesRoutes: RouteObject[] = [];
