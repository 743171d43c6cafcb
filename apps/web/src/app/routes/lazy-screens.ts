import type { ComponentType } from 'react';

/** The names of a module's exports that are components. */
type ScreenName<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/**
 * The `lazy` of routes whose screens come from one module loaded on demand (its first use loads it):
 * `const screen = lazyScreens(() => import('./charity-screens'))`, then `lazy: screen('CharityLayout')`.
 */
export function lazyScreens<M>(load: () => Promise<M>) {
  return (name: ScreenName<M>) => async () => ({ Component: (await load())[name] as ComponentType });
}
