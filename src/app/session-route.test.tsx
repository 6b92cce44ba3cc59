// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_SESSION, transaction } from '../lib/session-test-data.ts';
import { App } from './app.tsx';

const ID = OPEN_SESSION.id;

function serveSession(value: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'checkout-session';
  script.textContent = JSON.stringify(value);
  document.head.appendChild(script);
}

function jsonResponse(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

beforeEach(() => {
  Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
});

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/pay/{session}', () => {
  it('paints the served order at once, with no request, and offers the way back to the shop', () => {
    const fetchSpy = vi.fn(() => jsonResponse({}));
    vi.stubGlobal('fetch', fetchSpy);
    window.history.replaceState(null, '', `/pay/${ID}`);
    serveSession(OPEN_SESSION);
    render(<App />);
    expect(screen.getByText('Tênis de corrida')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Pay R\$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel and go back to the shop' }).getAttribute('href')).toBe(
      'https://shop.example/cart',
    );
    // A shopper's link shows no merchant tools.
    expect(screen.queryByRole('link', { name: /simulator/i })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says plainly that an expired link has expired', async () => {
    window.history.replaceState(null, '', `/pay/${ID}`);
    serveSession({ ...OPEN_SESSION, status: 'expired' });
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'This payment link has expired' })).toBeTruthy();
    expect(screen.getByText('Ask the shop for a new one.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('calls a link the server does not know "not valid" without asking again', async () => {
    const fetchSpy = vi.fn(() => jsonResponse({}));
    vi.stubGlobal('fetch', fetchSpy);
    window.history.replaceState(null, '', `/pay/${ID}`);
    serveSession(null);
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'This payment link is not valid' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks the server when the page carries no session, and calls an unknown id not valid', async () => {
    const fetchSpy = vi.fn((_url: string) => jsonResponse({ errors: [] }, 404));
    vi.stubGlobal('fetch', fetchSpy);
    window.history.replaceState(null, '', `/pay/${ID}`);
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'This payment link is not valid' })).toBeTruthy();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(`/api/pay/${ID}`);
  });

  it('shows a paid session’s result, never an empty form', async () => {
    const paid = transaction({
      id: 77,
      status: 'paid',
      payment_method: 'credit_card',
      amount: 15090,
      card: null,
    });
    window.history.replaceState(null, '', `/pay/${ID}`);
    serveSession({
      ...OPEN_SESSION,
      status: 'complete',
      payment: { status: 'paid', payment_method: 'credit_card', transaction: paid },
    });
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Payment approved' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      `https://shop.example/thanks?session_id=${ID}`,
    );
    // The form is hidden (not announced, not reachable) while a result is on screen.
    expect(screen.queryByRole('button', { name: /^Pay R\$/ })).toBeNull();
  });

  it('on the 3DS return page, asks the server and shows the bank’s answer', async () => {
    const authorised = transaction({
      id: 78,
      status: 'authorized',
      payment_method: 'credit_card',
      card: null,
    });
    const fetchSpy = vi.fn((_url: string) =>
      jsonResponse({
        ...OPEN_SESSION,
        status: 'complete',
        payment: { status: 'authorized', payment_method: 'credit_card', transaction: authorised },
      }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    window.history.replaceState(null, '', `/pay/${ID}/3ds/success`);
    // Whatever the HTML carried, the return page asks afresh.
    serveSession(OPEN_SESSION);
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Payment approved' })).toBeTruthy();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(`/api/pay/${ID}`);
  });
});
