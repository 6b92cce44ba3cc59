import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads on its first render, from a module's named export (React.lazy wants a
 * default one). Every code-split component goes through here; render it inside a Suspense boundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
