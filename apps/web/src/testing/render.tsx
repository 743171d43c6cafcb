import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** Renders with every app provider (transitions and portals off). */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  return render(
    <AppProvider env="test" queryClient={queryClient}>
      {ui}
    </AppProvider>,
  );
}

/** Renders routes in a memory router at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = renderWithProviders(<RouterProvider router={router} />);
  return { ...result, router };
}

/** The text of each element, in order: what a person reads in a list of buttons, options or rows. */
export function textsOf(elements: HTMLElement[]) {
  return elements.map((element) => element.textContent);
}
