import { describe, expect, it } from 'vitest';
import { DEMO_ORDER } from '../../lib/order-config.ts';
import { appMessageSchema, hostMessageSchema, themeSchema } from './embed-messages.ts';

const envelope = { source: 'merchant-checkout', version: 1, instance: '0123456789abcdef0123456789abcdef' };

describe('host messages', () => {
  it('accepts an init with a valid order and theme', () => {
    const parsed = hostMessageSchema.safeParse({
      ...envelope,
      type: 'init',
      order: DEMO_ORDER,
      theme: { mode: 'dark' },
    });
    expect(parsed.success).toBe(true);
  });

  it('refuses an init whose order breaks the order rules', () => {
    const order = { ...DEMO_ORDER, amount: -5 };
    expect(hostMessageSchema.safeParse({ ...envelope, type: 'init', order }).success).toBe(false);
  });

  it('accepts an init with only a theme, as a session checkout gets it', () => {
    expect(hostMessageSchema.safeParse({ ...envelope, type: 'init', theme: { mode: 'dark' } }).success).toBe(
      true,
    );
  });

  it('refuses unknown types and foreign envelopes', () => {
    expect(hostMessageSchema.safeParse({ ...envelope, type: 'pay' }).success).toBe(false);
    expect(hostMessageSchema.safeParse({ ...envelope, source: 'x', type: 'theme', theme: {} }).success).toBe(
      false,
    );
  });
});

describe('theme values', () => {
  it('accepts colours, lengths and font lists', () => {
    const theme = {
      colors: { primary: '#5b21b6', text: 'rgb(10, 20, 30)', background: 'white' },
      radius: '12px',
      spacing: '1.25rem',
      font: "'Inter', system-ui, sans-serif",
    };
    expect(themeSchema.safeParse(theme).success).toBe(true);
  });

  it('refuses anything that could load a resource or escape the declaration', () => {
    for (const primary of [
      'url(https://evil.example/x.png)',
      'red; background: red',
      'var(--x)',
      'expression(alert(1))',
    ]) {
      expect(themeSchema.safeParse({ colors: { primary } }).success).toBe(false);
    }
    expect(themeSchema.safeParse({ font: 'x; }' }).success).toBe(false);
    expect(themeSchema.safeParse({ radius: '1px 2px' }).success).toBe(false);
  });
});

describe('checkout messages', () => {
  it('carry the transaction id, status and amount only', () => {
    const parsed = appMessageSchema.safeParse({
      ...envelope,
      type: 'payment_succeeded',
      transactionId: 42,
      status: 'paid',
      amount: 15090,
      card_number: '4111111111111111',
    });
    expect(parsed.success).toBe(true);
    // Objects are stripping: an extra field can never ride along into the host's hands.
    expect(parsed.success && parsed.data).toEqual({
      ...envelope,
      type: 'payment_succeeded',
      transactionId: 42,
      status: 'paid',
      amount: 15090,
    });
  });

  it('refuse a payment event without its amount', () => {
    expect(
      appMessageSchema.safeParse({
        ...envelope,
        type: 'payment_failed',
        transactionId: 42,
        status: 'refused',
      }).success,
    ).toBe(false);
  });
});
