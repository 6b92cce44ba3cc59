import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { prefetchWhenIdle } from './prefetch.ts';
import './styles.css';

async function start() {
  // Statically false outside `--mode mock`, so the production bundle holds no mock code.
  if (import.meta.env.MODE === 'mock') {
    const { startMockGateway } = await import('../mock/start-mock-gateway.ts');
    await startMockGateway();
    const { mountDesignerPanel } = await import('../mock/designer-panel.tsx');
    mountDesignerPanel();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  prefetchWhenIdle();
}

void start();
