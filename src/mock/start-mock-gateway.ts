import { setupWorker } from 'msw/browser';
import { setMockStorage } from '../../mock-core/store.ts';
import { appRootUrl } from '../lib/app-path.ts';
import { mockHandlers } from './handlers.ts';

/**
 * localStorage when the page may use it, so the mock's state survives the 3DS redirect. In a cross-site
 * frame with third-party storage blocked (Chromium's default here, Brave, Safari, incognito) merely
 * reading `window.localStorage` throws: the mock then keeps its state in memory instead of crashing.
 */
function pageStorage(): Storage | undefined {
  try {
    const storage = window.localStorage;
    storage.getItem('mock-gateway:probe');
    return storage;
  } catch {
    return undefined;
  }
}

/** Starts the in-browser gateway before the app's first request; unknown requests pass through. */
export async function startMockGateway(): Promise<void> {
  const storage = pageStorage();
  if (storage) setMockStorage(storage);
  const worker = setupWorker(...mockHandlers());
  await worker.start({
    // At the app's root, whichever deep page loads first: its scope then covers every page of the preview.
    serviceWorker: { url: new URL('mockServiceWorker.js', appRootUrl()).href },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
