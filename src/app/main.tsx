import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appPathOf } from '../lib/app-path.ts';
import { App } from './app.tsx';
import { prefetchOnFirstInteraction } from './prefetch.ts';
import './styles.css';

async function start() {
  // Statically false outside `--mode mock`, so the production bundle holds no mock code.
  if (import.meta.env.MODE === 'mock') {
    const { startMockGateway } = await import('../mock/start-mock-gateway.ts');
    await startMockGateway();
  }
  // The designers' tools: the static preview and `npm start` (development), never a production build.
  const designerTools =
    import.meta.env.MODE === 'mock' || import.meta.env.DEV ? await import('../mock/designer-tools.ts') : null;
  designerTools?.beforeRender();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // A transition lets React render the first screen in slices, yielding to the browser between them,
  // instead of one long task that blocks input (Total Blocking Time on slow phones).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  designerTools?.afterRender();
  // Only the checkout (on its own, from a session link, or embedded) needs the payment code soon.
  const path =
    import.meta.env.BASE_URL === './' ? appPathOf(window.location.pathname) : window.location.pathname;
  if (path === '/' || path === '/embed' || path.startsWith('/pay/')) prefetchOnFirstInteraction();
}

void start();
