// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleI18nProvider } from '../common/console-i18n.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function refusedLogIn(retryAfter: string) {
  const body = { errors: [{ message: 'Too many', parameter_name: null, type: 'rate_limited' }] };
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
        }),
      ),
    ),
  );
}

async function logIn(locale: 'pt-BR' | 'en') {
  sessionStorage.setItem('console-locale', locale);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConsoleI18nProvider>
        <LoginPage ended={false} />
      </ConsoleI18nProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), 'ana@loja.test');
  await user.type(screen.getByLabelText(locale === 'en' ? 'Password' : 'Senha'), 'my old password');
  await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Log in' : 'Entrar' }));
}

describe('the console log-in page refused by the limits', () => {
  it("says how long to wait, from the answer's Retry-After (a paced account: under a minute)", async () => {
    refusedLogIn('45');
    await logIn('pt-BR');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Muitas tentativas. Tente de novo em 45 segundos.',
    );
  });

  it('in minutes when the wait is the rest of a 15-minute window', async () => {
    refusedLogIn('840');
    await logIn('en');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 14 minutes.',
    );
  });
});
