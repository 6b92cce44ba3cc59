import { setupWorker } from 'msw/browser';
import { mockHandlers } from './handlers.ts';

/** Starts the in-browser gateway before the app's first request; unknown requests pass through. */
export async function startMockGateway(): Promise<void> {
  const worker = setupWorker(...mockHandlers());
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
