import type { RouteObject } from 'react-router';
import { ExploreRoute } from './placeholders';

/** Public screens: explore, and the public project and charity pages. */
export const exploreRoutes: RouteObject[] = [{ path: 'explore', element: <ExploreRoute /> }];
