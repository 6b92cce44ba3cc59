// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-context.tsx';
import { BankRedirect } from './bank-redirect.tsx';
import { lookUpReturn } from './reference-store.ts';

const REFERENCE = 'c0ffee'.padEnd(32, '0');

/** `null`: no reference was prepared. */
function renderRedirect(url: string, reference: string | null = REFERENCE, stateless = false) {
  const navigateTo = vi.fn<(href: string) => void>();
  const onBack = vi.fn();
  render(
    <StrictMode>
      <I18nProvider locale="en">
        <BankRedirect
          url={url}
          transactionId={1001}
          reference={reference ?? undefined}
          stateless={stateless}
          onBack={onBack}
          navigateTo={navigateTo}
        />
      </I18nProvider>
    </StrictMode>,
  );
  return { navigateTo, onBack };
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('BankRedirect', () => {
  it('navigates exactly once under StrictMode, after storing the reference', () => {
    const { navigateTo } = renderRedirect('https://acs.bank.example/challenge?token=abc');
    expect(navigateTo).toHaveBeenCalledTimes(1);
    expect(navigateTo).toHaveBeenCalledWith('https://acs.bank.example/challenge?token=abc');
    expect(lookUpReturn(REFERENCE)).toBe(1001);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Redirecting to your bank…' }));
    expect(screen.getByRole('link', { name: 'Continue to your bank' }).getAttribute('href')).toBe(
      'https://acs.bank.example/challenge?token=abc',
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'http://acs.bank.example/x', 'not a url', ''])(
    'shows an alert and never navigates for %j',
    (url) => {
      const { navigateTo } = renderRedirect(url);
      expect(navigateTo).not.toHaveBeenCalled();
      expect(screen.getByRole('alert').textContent).toMatch(/cannot safely open/);
      expect(screen.queryByRole('link')).toBeNull();
      expect(lookUpReturn(REFERENCE)).toBeUndefined();
    },
  );

  it('leaves for the bank with nothing stored when the session’s server knows the attempt', () => {
    const { navigateTo } = renderRedirect('https://acs.bank.example/challenge', null, true);
    expect(navigateTo).toHaveBeenCalledTimes(1);
    expect(sessionStorage.length).toBe(0);
  });

  it('does not leave when the reference could not be kept', () => {
    const { navigateTo } = renderRedirect('https://acs.bank.example/challenge', null);
    expect(navigateTo).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/did not let us remember/);
  });

  it('offers the way back to the form', () => {
    const { onBack } = renderRedirect('javascript:alert(1)');
    screen.getByRole('button', { name: 'Back to payment' }).click();
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
