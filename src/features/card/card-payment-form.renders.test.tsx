// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-context.tsx';
import { DEMO_ORDER } from '../../lib/order-config.ts';
import { loadCardBrands } from './card-brand-loader.ts';
import { CardPaymentForm } from './card-payment-form.tsx';

/** Counts how often each labelled field renders: typing must not re-render the form's other fields. */
const renders = new Map<string, number>();

vi.mock('../../ui/text-field.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../ui/text-field.tsx')>();
  return {
    TextField: (props: ComponentProps<typeof original.TextField>) => {
      renders.set(props.label, (renders.get(props.label) ?? 0) + 1);
      return original.TextField(props);
    },
  };
});

describe('typing a card number', () => {
  it('re-renders neither the form nor its other fields on each key (uncontrolled inputs)', async () => {
    await loadCardBrands();
    render(
      <I18nProvider locale="en">
        <CardPaymentForm order={DEMO_ORDER} onTransaction={() => undefined} />
      </I18nProvider>,
    );
    const before = new Map(renders);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), '4111111111111111');
    await act(async () => {});

    expect(screen.getByLabelText('Card number')).toHaveProperty('value', '4111 1111 1111 1111');
    // The brand badge (its own small component) is what updates as digits arrive.
    expect(screen.getByText('Visa')).toBeTruthy();
    for (const label of ['Card number', 'Name on card', 'Expiry date', 'Full name', 'City']) {
      expect({ label, renders: renders.get(label) }).toEqual({ label, renders: before.get(label) });
    }
    // The CVV's hint follows the brand, which only the first six digits decide: at most six renders
    // for sixteen keys, none for the last ten.
    const cvvRenders = (renders.get('CVV') ?? 0) - (before.get('CVV') ?? 0);
    expect(cvvRenders).toBeGreaterThan(0);
    expect(cvvRenders).toBeLessThanOrEqual(6);
  });
});
