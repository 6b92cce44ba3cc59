import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp, preloadPage } from './console-app.tsx';
import { ConsoleI18nProvider } from './console-i18n.tsx';
import { consoleQueryClient } from './console-query-client.ts';
import { routeOf } from './console-route.ts';
import './console.css';

preloadPage(routeOf(window.location.pathname, window.location.search));
const root = document.getElementById('root');
if (!root) throw new Error('console.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={consoleQueryClient}>
      <ConsoleI18nProvider>
        <ConsoleApp />
      </ConsoleI18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);
