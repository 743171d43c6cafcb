import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { expect } from 'vitest';
import { stubFetch } from './http';
import { renderRoutes } from './render';
import { signInAsPlatformUser } from './session';

/**
 * Opens a platform admin screen as a person who is not a platform admin: it says the area is not
 * theirs and asks the API nothing. Returns the fetch stub for further checks.
 */
export function expectForPlatformAdminsOnly(routes: RouteObject[], path: string) {
  signInAsPlatformUser(false, null);
  const fetchMock = stubFetch({});
  renderRoutes(routes, path);
  expect(screen.getByText('This area is for platform admins only.')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
  return fetchMock;
}
