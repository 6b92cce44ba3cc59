import { lazyComponent } from '../ui/lazy-component.ts';
import { lazyWithQueries } from './lazy-with-queries.tsx';

/**
 * Whole routes that load on demand. Apart from lazy-screens.tsx because the embed route itself renders
 * the checkout page, which uses those screens: one module for both was an import cycle.
 */
export const EmbedRoute = lazyWithQueries(() => import('./embed-route.tsx').then((m) => m.EmbedRoute));

/** A session that needs the full schema, the server, or a payment to resume (session-loader.tsx). */
export const SessionLoader = lazyWithQueries(() =>
  import('./session-loader.tsx').then((m) => m.SessionLoader),
);

/**
 * The fee simulator, a merchant's page: out of the checkout's first load (its budget), at the cost of one
 * small chunk before the simulator's title paints.
 */
export const SimulatorRoute = lazyComponent(() =>
  import('./simulator-route.tsx').then((m) => m.SimulatorRoute),
);
