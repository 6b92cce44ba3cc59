// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicSession } from '../../../contract/checkout-session.ts';
import { I18nProvider } from '../../i18n/i18n-context.tsx';
import { OPEN_SESSION, transaction } from '../../lib/session-test-data.ts';
import { OutcomeCheck } from './outcome-check.tsx';

const ID = OPEN_SESSION.id;

function answer(session: PublicSession) {
  return vi.fn((_url: string) => Promise.resolve(new Response(JSON.stringify(session), { status: 200 })));
}

function renderCheck(checkNow: boolean) {
  const onResolved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider locale="en">
        <OutcomeCheck sessionId={ID} checkNow={checkNow} onResolved={onResolved} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { onResolved };
}

const stillUnknown: PublicSession = {
  ...OPEN_SESSION,
  payment: { status: 'unknown', payment_method: 'credit_card', transaction: null },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OutcomeCheck', () => {
  it('asks the server at once and hands over what it learnt: the payment went through', async () => {
    const paid = transaction({ id: 9, status: 'paid', payment_method: 'credit_card' });
    const fetchSpy = answer({
      ...OPEN_SESSION,
      status: 'complete',
      payment: { status: 'paid', payment_method: 'credit_card', transaction: paid },
    });
    vi.stubGlobal('fetch', fetchSpy);
    const { onResolved } = renderCheck(true);
    expect(screen.getByRole('heading', { name: 'Checking your payment' })).toBeTruthy();
    await waitFor(() => expect(onResolved).toHaveBeenCalledTimes(1));
    expect(onResolved.mock.calls[0]?.[1]).toMatchObject({ kind: 'card', transaction: paid });
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(`/api/pay/${ID}`);
  });

  it('hands over "nothing was charged" when the server reports the attempt refused outright', async () => {
    vi.stubGlobal(
      'fetch',
      answer({
        ...OPEN_SESSION,
        payment: { status: 'rejected', payment_method: 'credit_card', transaction: null },
      }),
    );
    const { onResolved } = renderCheck(true);
    await waitFor(() => expect(onResolved).toHaveBeenCalledTimes(1));
    expect(onResolved.mock.calls[0]?.[1]).toEqual({ kind: 'form' });
  });

  it('still unknown: warns against paying twice and checks again on request', async () => {
    const fetchSpy = answer(stillUnknown);
    vi.stubGlobal('fetch', fetchSpy);
    const { onResolved } = renderCheck(true);
    expect(
      await screen.findByRole('heading', { name: 'We could not confirm your payment yet' }),
    ).toBeTruthy();
    expect(screen.getByText(/it may have gone through/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(/Still no answer/)).toBeTruthy();
    // Paying again is not offered while the server itself does not know.
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    expect(onResolved).not.toHaveBeenCalled();
  });

  it('on a page loaded with an unsettled attempt, waits for the shopper before asking', async () => {
    const fetchSpy = answer(stillUnknown);
    vi.stubGlobal('fetch', fetchSpy);
    renderCheck(false);
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
  });

  it('a link that took no payment: why, not "you can pay now", and the way back to the link', async () => {
    vi.stubGlobal(
      'fetch',
      answer({
        ...OPEN_SESSION,
        cancel_url: 'https://checkout.example/l/Ab3dEf6hIj9k',
        payment_link_refusal: 'payment_link_used_up',
      }),
    );
    const { onResolved } = renderCheck(true);
    expect(
      await screen.findByRole('heading', { name: 'This payment link has just been used up' }),
    ).toBeTruthy();
    expect(screen.getByText(/Nothing was charged to you/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the payment link' }).getAttribute('href')).toBe(
      'https://checkout.example/l/Ab3dEf6hIj9k',
    );
    expect(onResolved).not.toHaveBeenCalled();
  });

  it('a link whose last slot another payment holds: says so, and the form comes back once it is free', async () => {
    const fetchSpy = vi
      .fn((_url: string) => Promise.resolve(new Response(JSON.stringify(OPEN_SESSION), { status: 200 })))
      .mockImplementationOnce(() =>
        Promise.resolve(
          new Response(JSON.stringify({ ...OPEN_SESSION, payment_link_refusal: 'payment_link_held' }), {
            status: 200,
          }),
        ),
      );
    vi.stubGlobal('fetch', fetchSpy);
    const { onResolved } = renderCheck(true);
    expect(
      await screen.findByRole('heading', { name: 'Someone else is paying for this link right now' }),
    ).toBeTruthy();
    expect(onResolved).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(onResolved).toHaveBeenCalledTimes(1));
    expect(onResolved.mock.calls[0]?.[1]).toEqual({ kind: 'form' });
  });

  it('a refusal this page does not know, or a payment under way, is shown as before', async () => {
    vi.stubGlobal('fetch', answer({ ...OPEN_SESSION, payment_link_refusal: 'payment_link_on_fire' }));
    const { onResolved } = renderCheck(true);
    await waitFor(() => expect(onResolved).toHaveBeenCalledTimes(1));
    expect(onResolved.mock.calls[0]?.[1]).toEqual({ kind: 'form' });
  });
});
