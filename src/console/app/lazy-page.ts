import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPage<P> {
  /** Loads the page's chunk ahead of its first render. */
  preload: () => Promise<void>;
  Component: LazyExoticComponent<ComponentType<P>>;
}

/**
 * A page in a chunk of its own. Once `preload` has loaded it, the first render takes it at once: React reads a
 * thenable that has already resolved synchronously, so the page paints in the same commit instead of showing
 * its Suspense fallback for a moment first (a native promise would only resolve on the next microtask).
 */
export function lazyPage<M, P>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyPage<P> {
  let loaded: M | undefined;
  return {
    preload: () =>
      load().then((module) => {
        loaded = module;
      }),
    Component: lazy(() => {
      if (loaded === undefined) return load().then((module) => ({ default: pick(module) }));
      const resolved = { default: pick(loaded) };
      const settled = { then: (resolve: (value: typeof resolved) => void) => resolve(resolved) };
      return settled as unknown as Promise<typeof resolved>;
    }),
  };
}
