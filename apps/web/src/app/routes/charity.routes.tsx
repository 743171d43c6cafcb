import type { RouteObject } from 'react-router';
import { CharityRoute } from './placeholders';

/** Charity administration (signed in): profile, members, projects and their content. */
export const charityRoutes: RouteObject[] = [{ path: 'charity', element: <CharityRoute /> }];
