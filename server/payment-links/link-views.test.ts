import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentLinkRow } from '../db/rows.ts';

const drawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('./qr-svg.ts', () => ({
  linkQrSvg: (url: string) => {
    drawn.count += 1;
    return `<svg data-url="${url}"/>`;
  },
}));

// Test files share their worker's modules (decision 347): a file before this one may have loaded link-views.ts with
// the real qr-svg.ts, which the mock above would then not reach. Loaded afresh, it gets the mock.
vi.resetModules();
const { toLinkWithoutQr, toPaymentLink } = await import('./link-views.ts');

const NOW = new Date('2026-11-27T12:00:00Z');
const row: PaymentLinkRow = {
  id: 'plink_1',
  code: 'abc123',
  reference: null,
  title: 'Camiseta',
  description: null,
  items: null,
  shippingFee: null,
  customAmount: { min: 100, max: 10_000 },
  quantity: null,
  settings: { methods: ['pix'] },
  metadata: {},
  active: true,
  inactiveMessage: null,
  expiresAt: null,
  maxPayments: null,
  paymentsCount: 0,
  completedAt: null,
  completionAnnouncedAt: null,
  expiredAnnouncedAt: null,
  idempotencyKey: null,
  requestHash: null,
  createdAt: NOW,
  updatedAt: NOW,
};
const options = { publicUrl: 'https://loja.test', now: NOW, amountCollected: 0 };

describe('link views', () => {
  beforeEach(() => {
    drawn.count = 0;
  });

  it('never draws the QR code of a view that leaves it out (console rows, payment_link.* events)', () => {
    const view = toLinkWithoutQr(row, options);
    expect(view).not.toHaveProperty('qr_code');
    expect(view.url).toBe('https://loja.test/l/abc123');
    expect(drawn.count).toBe(0);
  });

  it('draws it once for the view that shows it, the same link otherwise', () => {
    const link = toPaymentLink(row, options);
    expect(drawn.count).toBe(1);
    expect(link.qr_code).toBe('<svg data-url="https://loja.test/l/abc123"/>');
    const { qr_code: _qr, ...rest } = link;
    expect(rest).toEqual(toLinkWithoutQr(row, options));
    expect(Object.keys(link).slice(0, 5)).toEqual(['id', 'object', 'url', 'code', 'qr_code']);
  });
});
