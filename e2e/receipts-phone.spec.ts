import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { RECEIPT_KINDS, type ReceiptKind } from '../server/mail/mail-kinds.ts';
import { renderReceipt, type ReceiptFacts } from '../server/mail/receipt-render.ts';
import type { MailLocale } from '../server/mail/receipt-words.ts';
import { renderNotice } from '../server/mail/notice-render.ts';
import { renderDailySummary } from '../server/mail/summary-render.ts';
import type { StoredMail } from '../server/db/rows.ts';

/**
 * Issue 42: every shopper receipt (docs/merchants/receipts-and-notices.md), in both languages, as a 360 px phone's
 * mail app shows it — the mail's own HTML in Chromium, its inline logo standing in as a data: URL (a mail client
 * shows the `cid:` attachment). Nothing may scroll sideways or stick out: long names, a PIX code and a boleto line
 * wrap. With E2E_SCREENSHOTS=on, a screenshot of each is attached to the report (`npx playwright show-report`).
 */
const LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="6" fill="#7c3aed"/><text x="60" y="26" font-family="Arial" font-size="16" fill="#fff" text-anchor="middle">LOJA</text></svg>',
  );

const PIX_CODE =
  '00020101021226830014br.gov.bcb.pix2561qrcodes-pix.gateway.example/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca255204000053039865406165.905802BR5913LOJA EXEMPLO6009SAO PAULO62070503***6304A1B2';
const BOLETO_LINE = '34191.79001 01043.510047 91020.150008 8 93180000016590';

function facts(kind: ReceiptKind, locale: MailLocale): ReceiptFacts {
  const method = kind.startsWith('pix') ? 'pix' : kind.startsWith('boleto') ? 'boleto' : 'credit_card';
  return {
    kind,
    locale,
    timeZone: 'America/Sao_Paulo',
    shop: {
      name: 'Confeitaria Doce Lembrança da Vila Madalena',
      color: '#7c3aed',
      support: 'atendimento.confeitaria@doce-lembranca-vila-madalena.com.br',
      logo: { width: 120, height: 40 },
    },
    reference: 'pedido-2026-11-27-000123456789',
    gatewayRef: 'GW-7F3A9C2B1D4E5F60',
    items: [
      { title: 'Bolo de cenoura com cobertura de chocolate belga (1,5 kg)', quantity: 1, unitPrice: 12990 },
      { title: 'Caixa-presente-personalizada-com-laço-e-cartão', quantity: 2, unitPrice: 1300 },
    ],
    shippingFee: 1000,
    orderAmount: 16590,
    paidAmount: method === 'credit_card' ? 17385 : 16590,
    installments: method === 'credit_card' ? 3 : 1,
    method,
    card: method === 'credit_card' ? { brand: 'Mastercard', last4: '5454' } : null,
    at: new Date('2026-11-27T18:42:00Z'),
    pix:
      kind === 'pix_issued'
        ? {
            code: PIX_CODE,
            // As the mail queue writes the gateway's local time (server/mail/mail-queue.ts).
            expiresAt:
              locale === 'pt-BR' ? '27/11/2026 16:12 (Brasília)' : '2026-11-27 16:12 (Brasília time)',
          }
        : null,
    boleto:
      kind === 'boleto_issued'
        ? { line: BOLETO_LINE, dueDate: '2026-12-02', pdfUrl: 'https://gateway.example/boletos/123.pdf' }
        : null,
    refund: kind === 'refund' ? { now: 5000, refunded: 5000, of: 17385 } : null,
    paymentUrl: 'https://checkout.example/pay/cs_4b6f0d1e2a3c4b5d6e7f8a9b0c1d2e3f',
  };
}

test.use({ viewport: { width: 360, height: 740 } });

/** The mail as a 360 px phone shows it: nothing sideways, nothing past the edge, no text under 13 px. */
async function expectFitsAPhone(page: Page, testInfo: TestInfo, mail: StoredMail, name: string) {
  await page.setContent(mail.html.replaceAll('cid:shop-logo', LOGO));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('img').first()).toHaveJSProperty('complete', true);

  // No sideways scroll, and nothing drawn past the right edge (a clipped box would hide it from scrollWidth).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const sticking = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > 360.5;
      })
      .map((element) => `${element.tagName} ${element.textContent.slice(0, 30)}`),
  );
  expect(sticking).toEqual([]);
  // Legible: no text under 13 px.
  const smallest = await page.evaluate(() =>
    Math.min(
      ...[...document.querySelectorAll('body *')]
        .filter((element) => element.childNodes.length > 0 && element.textContent.trim())
        .filter((element) => getComputedStyle(element).display !== 'none')
        .map((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
    ),
  );
  expect(smallest).toBeGreaterThanOrEqual(13);

  // With E2E_SCREENSHOTS=on (e2e/fixtures.ts, keepScreenshot): a full-page PNG costs ~1.2 s of CPU.
  if (process.env.E2E_SCREENSHOTS === 'on') {
    await testInfo.attach(`${name}.png`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
}

for (const locale of ['pt-BR', 'en'] as const)
  for (const kind of RECEIPT_KINDS)
    test(`the ${kind} receipt in ${locale} fits a 360 px phone`, async ({ page }, testInfo) => {
      await expectFitsAPhone(page, testInfo, renderReceipt(facts(kind, locale)), `${kind}-${locale}`);
    });

const SHOP = facts('card_approved', 'en').shop;
const UNSUBSCRIBE = 'https://checkout.example/api/mail/unsubscribe?u=cu_1&t=token&k=daily_summary';

test('the shop’s notices of a failing endpoint and of the day fit a 360 px phone too', async ({
  page,
}, testInfo) => {
  await expectFitsAPhone(
    page,
    testInfo,
    renderNotice({
      kind: 'endpoint_failing',
      shop: SHOP,
      timeZone: 'America/Sao_Paulo',
      at: new Date('2026-11-27T15:00:00Z'),
      reference: 'we_0123456789abcdef',
      amount: 0,
      method: '',
      payer: null,
      consoleUrl: 'https://checkout.example/console/developers',
      unsubscribeUrl: UNSUBSCRIBE,
      detail: 'https://hooks.confeitaria-doce-lembranca-vila-madalena.com.br/webhooks/pagamentos/recebidos',
    }),
    'endpoint_failing',
  );
  await expectFitsAPhone(
    page,
    testInfo,
    renderDailySummary({
      shop: SHOP,
      day: '2026-11-27',
      timeZone: 'America/Sao_Paulo',
      byMethod: [
        { method: 'boleto', count: 2, gross: 33180 },
        { method: 'credit_card', count: 41, gross: 1_234_567 },
        { method: 'pix', count: 17, gross: 281_030 },
      ],
      refunds: { count: 3, amount: 15_000 },
      held: 12,
      consoleUrl: 'https://checkout.example/console',
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    'daily_summary',
  );
});
