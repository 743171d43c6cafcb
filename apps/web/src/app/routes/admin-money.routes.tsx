import type { RouteObject } from 'react-router';

/** Platform admin money screens: deposits of money or credits, direct debits. */
export const adminMoneyRoutes: RouteObject[] = [];
