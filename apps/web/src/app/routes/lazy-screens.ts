import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** The names of a module's exports that are components. */
type ScreenName<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/**
 * The `lazy` of routes whose screens come from one module loaded on demand (its first use loads it):
 * `const screen = lazyScreens(() => import('./charity-screens'))`, then `lazy: screen('CharityLayout')`.
 */
export function lazyScreens<M>(load: () => Promise<M>) {
  return (name: ScreenName<M>) => async () => ({ Component: (await load())[name] as ComponentType });
}

/** A route's `lazy`, as `lazyScreens` makes them. */
type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** The screens of an account area (a charity's or an organisation's), by where they stand. */
export interface AccountAreaScreens {
  register: LazyScreen;
  /** Full pages beside the area, by their path under it (`projects/new`). */
  pages?: Record<string, LazyScreen>;
  /** The area's frame (its heading and section links) and its first section, the profile. */
  layout: LazyScreen;
  profile: LazyScreen;
  /** The area's other sections, by their path under it, in the order of its links. */
  sections: Record<string, LazyScreen>;
}

/** The routes of an account area under `/{area}`: `register`, its pages, and the layout with its sections. */
export function accountAreaRoutes(area: string, screens: AccountAreaScreens): RouteObject[] {
  const routes = (paths: Record<string, LazyScreen>, under = '') =>
    Object.entries(paths).map(([path, lazy]) => ({ path: `${under}${path}`, lazy }));
  return [
    { path: `${area}/register`, lazy: screens.register },
    ...routes(screens.pages ?? {}, `${area}/`),
    {
      path: area,
      lazy: screens.layout,
      children: [{ index: true, lazy: screens.profile }, ...routes(screens.sections)],
    },
  ];
}
