import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './console-app.tsx';
import { ConsoleI18nProvider } from './console-i18n.tsx';
import { consoleQueryClient } from './console-query-client.ts';
import './console.css';

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
