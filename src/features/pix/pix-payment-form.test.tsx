// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-context.tsx';
import { DEMO_ORDER } from '../../lib/order-config.ts';
import { transaction } from '../../lib/session-test-data.ts';
import { PixPaymentForm } from './pix-payment-form.tsx';
import '../../i18n/catalogues/pix.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name', { selector: '[autocomplete="name"]' }), 'Maria Silva');
  await user.type(screen.getByLabelText('Email'), 'maria@example.com');
  await user.type(screen.getByLabelText('CPF or CNPJ'), '52998224725');
  await user.type(screen.getByLabelText('CEP'), '01310100');
  await user.type(screen.getByLabelText('Street'), 'Avenida Paulista');
  await user.type(screen.getByLabelText('Number'), '1000');
  await user.type(screen.getByLabelText('Neighbourhood'), 'Bela Vista');
  await user.type(screen.getByLabelText('City'), 'São Paulo');
  await user.selectOptions(screen.getByLabelText('State'), 'SP');
  await user.click(screen.getByRole('button', { name: /^Generate PIX code/ }));
}

describe('the PIX form', () => {
  it('asks only the payer when the session does not collect the address, and sends no billing nor phone', async () => {
    const created = transaction();
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify(created), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const onTransaction = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider locale="en">
          <PixPaymentForm
            order={{ ...DEMO_ORDER, collect: { address: false } }}
            onTransaction={onTransaction}
          />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByLabelText('CEP')).toBeNull();
    expect(screen.queryByLabelText('Mobile phone')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Maria Silva');
    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('CPF or CNPJ'), '52998224725');
    await user.click(screen.getByRole('button', { name: /^Generate PIX code/ }));
    await vi.waitFor(() => expect(onTransaction).toHaveBeenCalledOnce());
    const sent = fetch.mock.calls[0]?.[1].body;
    const body = JSON.parse(typeof sent === 'string' ? sent : '{}') as Record<string, unknown>;
    expect(body).not.toHaveProperty('billing');
    expect(body.customer).toMatchObject({ name: 'Maria Silva', phone_numbers: [] });
  });

  it('shows what the session knows of a customer without a name filled in the open fields', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider locale="en">
          <PixPaymentForm
            order={DEMO_ORDER}
            onTransaction={vi.fn()}
            customer={{ email: 'ana@example.com', phone: '+5511987654321' }}
          />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ana@example.com');
    // A known phone is shown (and sent), though the session does not ask one.
    expect(screen.getByLabelText('Mobile phone')).toHaveProperty('value', '(11) 98765-4321');
    expect(screen.getByLabelText('Full name', { selector: '[autocomplete="name"]' })).toHaveProperty(
      'value',
      '',
    );
    expect(screen.queryByText(/Paying as/)).toBeNull();
  });

  // Typing ten fields takes a few seconds on a busy machine.
  it(
    'tells the shopper when something other than the gateway fails, instead of an unhandled rejection',
    { timeout: 30_000 },
    async () => {
      const created = transaction();
      vi.stubGlobal(
        'fetch',
        vi.fn(() =>
          Promise.resolve(
            new Response(JSON.stringify(created), { headers: { 'Content-Type': 'application/json' } }),
          ),
        ),
      );
      const onTransaction = vi.fn(() => {
        throw new Error('a bug in the page that shows the code');
      });
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      render(
        <QueryClientProvider client={new QueryClient()}>
          <I18nProvider locale="en">
            <PixPaymentForm order={DEMO_ORDER} onTransaction={onTransaction} />
          </I18nProvider>
        </QueryClientProvider>,
      );
      await fillAndSubmit();

      expect(
        await screen.findByText('Something went wrong and no PIX code was created. Please try again.'),
      ).toBeTruthy();
      expect(onTransaction).toHaveBeenCalledOnce();
      // The form is usable again: the button is no longer busy.
      expect(screen.getByRole('button', { name: /^Generate PIX code/ }).getAttribute('aria-busy')).not.toBe(
        'true',
      );
    },
  );
});
