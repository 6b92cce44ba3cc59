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
