import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_POLICY } from '../../server/app-deps.ts';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { SessionPage } from '../pages/session-page.ts';
import { CardFields } from '../models/card-fields.ts';
import { PixForm } from '../models/pix-form.ts';
import { fillAddressByCep } from '../models/address-fields.ts';
import { ANA, APPROVED_VISA, SAO_PAULO } from '../test-shoppers.ts';
import {
  createSession,
  knownCustomer,
  merchantSession,
  payPixAtTheBank,
  shoesOrder,
  storedRows,
} from './merchant-api.ts';

/**
 * Issue 13: a shopper on a phone in pt-BR — a 360×640 Android and a 390×844 iPhone — through the real
 * checkout server. Labels are the Portuguese ones the shopper reads.
 */
const PHONES = [
  { name: '360×640', viewport: { width: 360, height: 640 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
] as const;

const KNOWN_ANA = knownCustomer(ANA);

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A session for Ana, opened in pt-BR, with its PIX code issued; answers the session. */
async function openPixCode(page: Page, request: APIRequestContext) {
  const session = await createSession(request, shoesOrder({ locale: 'pt-BR', customer: KNOWN_ANA }));
  await new SessionPage(page).open(session.id, 'pt-BR');
  const pix = new PixForm(page, 'pt-BR');
  await pix.method.check();
  await fillAddressByCep(pix.form, SAO_PAULO, 'pt-BR');
  await pix.submit.click();
  return session;
}

for (const phone of PHONES) {
  test.describe(`on a ${phone.name} phone in pt-BR`, () => {
    test.use({ viewport: phone.viewport, locale: 'pt-BR' });

    test('a CEP fills street, neighbourhood, city and UF and moves to the number', async ({
      page,
      request,
    }) => {
      const session = await createSession(request, shoesOrder({ locale: 'pt-BR' }));
      await new SessionPage(page).open(session.id, 'pt-BR');
      const cep = page.getByLabel('CEP').first();
      await cep.focus();
      await cep.pressSequentially('01310100');
      await expect(cep).toHaveValue('01310-100');
      await expect(page.getByLabel('Rua').first()).toHaveValue('Avenida Paulista');
      await expect(page.getByLabel('Bairro').first()).toHaveValue('Bela Vista');
      await expect(page.getByLabel('Cidade').first()).toHaveValue('São Paulo');
      await expect(page.getByLabel('Estado').first()).toHaveValue('SP');
      await expect(page.getByLabel('Número', { exact: true }).first()).toBeFocused();
      // An unknown CEP fills nothing and blocks nothing: the shopper types the rest.
      await cep.fill('99999999');
      await expect(page.getByLabel('Rua').first()).toHaveValue('Avenida Paulista');
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
    });

    test("the shopper's header keeps the shop's name whole, the badge and the language in one row", async ({
      page,
      request,
    }) => {
      const session = await createSession(request, shoesOrder({ locale: 'pt-BR' }));
      await new SessionPage(page).open(session.id, 'pt-BR');
      const header = page.getByRole('banner');
      const brand = header.getByText('Loja Exemplo');
      const language = header.getByRole('combobox', { name: 'Idioma' });
      await expect(header.getByText('Pagamento seguro')).toBeVisible();
      // A word split across lines ("Lo-ja") shows as one word drawn in more than one box.
      const splitWords = await brand.evaluate((element) => {
        const text = element.firstChild;
        if (!text?.textContent) return ['(no text)'];
        const split: string[] = [];
        for (const match of text.textContent.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          if (range.getClientRects().length > 1) split.push(match[0]);
        }
        return split;
      });
      expect(splitWords).toEqual([]);
      const [brandBox, languageBox] = [await brand.boundingBox(), await language.boundingBox()];
      expect(languageBox && brandBox && languageBox.y < brandBox.y + brandBox.height).toBe(true);
      await noHorizontalScroll(page);
    });

    test('"Copiar código" is above the fold and primary once the PIX code is shown', async ({
      page,
      request,
    }) => {
      await openPixCode(page, request);
      const copy = page.getByRole('button', { name: 'Copiar código' });
      await expect(copy).toBeInViewport();
      await expect(copy).toHaveClass(/button--primary/);
      const qr = page.getByRole('img', { name: /QR/ });
      const [copyBox, qrBox] = [await copy.boundingBox(), await qr.boundingBox()];
      expect(copyBox && qrBox && copyBox.y < qrBox.y).toBe(true);
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('on a 390×844 phone in pt-BR, the form and its errors', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });

  async function fillCardForm(page: Page, name: string): Promise<void> {
    const form = page.locator('form.card-form');
    await new CardFields(form, 'pt-BR').fill({ ...APPROVED_VISA, name });
    await fillAddressByCep(form, SAO_PAULO, 'pt-BR');
  }

  for (const { holder, says } of [
    // The server reaches no gateway: nothing was charged, it says so (503).
    { holder: 'NETWORK ERROR', says: /serviço de pagamento/ },
    { holder: 'GATEWAY TIMEOUT', says: /pode ter|confirmar/ },
    { holder: 'SERVER ERROR', says: /pode ter|confirmar/ },
  ]) {
    test(`after ${holder}, what happened is on screen, not above it`, async ({ page, request }) => {
      const session = await createSession(request, shoesOrder({ locale: 'pt-BR', customer: KNOWN_ANA }));
      await new SessionPage(page).open(session.id, 'pt-BR');
      await fillCardForm(page, holder);
      await page.locator('form.card-form button[type="submit"]').click();
      const news = page.getByText(says).first();
      await expect(news).toBeVisible({ timeout: 20_000 });
      await expect(news).toBeInViewport();
      await expectNoAxeViolations(page);
    });
  }

  test('a 3DS cancel is told apart from a decline, and the form comes back filled', async ({
    page,
    request,
  }) => {
    const session = await createSession(
      request,
      shoesOrder({ locale: 'pt-BR', three_ds: 'required', customer: KNOWN_ANA }),
    );
    await new SessionPage(page).open(session.id, 'pt-BR');
    await expect(page.getByText('Pagando como Ana Silva')).toBeVisible();
    await fillCardForm(page, 'ANA SILVA');
    await page.locator('form.card-form button[type="submit"]').click();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('heading', { name: 'Pagamento cancelado' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    const form = page.locator('form.card-form');
    await expect(form.getByLabel('Número do cartão')).toBeFocused();
    await expect(form.getByLabel('Número do cartão')).toHaveValue('');
    await expect(form.getByLabel('Nome no cartão')).toHaveValue('ANA SILVA');
    await expect(form.getByLabel('Rua')).toHaveValue('Avenida Paulista');
    await expect(form.getByLabel('Número', { exact: true })).toHaveValue('1000');
    await expect(page.getByText('Pagando como Ana Silva')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('with customer-paid fees the total, the plan and the Pay button show one price, and it is charged', async ({
    page,
    request,
  }) => {
    const session = await createSession(
      request,
      shoesOrder({ locale: 'pt-BR', fees_paid_by: 'customer', max_installments: 3, customer: KNOWN_ANA }),
    );
    await new SessionPage(page).open(session.id, 'pt-BR');
    const form = page.locator('form.card-form');
    await fillCardForm(page, 'ANA SILVA');
    const plan = form.getByLabel('Parcelas');
    await expect(plan.locator('option').nth(2)).toHaveText(/^3x R\$\s[\d,.]+ \(R\$\s[\d,.]+\)$/);
    await plan.selectOption('3');
    const label = (await plan.locator('option:checked').textContent()) ?? '';
    const total = /\((R\$\s[\d.,]+)\)/.exec(label)?.[1] ?? 'missing';
    const summary = page.getByRole('region', { name: 'Resumo do pedido' });
    await expect(summary.locator('.summary__total strong')).toHaveText(total);
    await expect(form.locator('button[type="submit"]')).toHaveText(`Pagar ${total}`);
    // The summary says what the difference is: the items plus the card's fees make the total.
    const cents = Number(total.replace(/\D/g, ''));
    const fees = summary.getByRole('listitem').filter({ hasText: 'Taxas do cartão' });
    const feeCents = Number(((await fees.textContent()) ?? '').replace(/\D/g, ''));
    expect(feeCents).toBe(cents - session.amount);
    expect(feeCents).toBeGreaterThan(0);
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/v1/transactions'));
    await form.locator('button[type="submit"]').click();
    expect(((await sent).postDataJSON() as { amount: number }).amount).toBe(cents);
    await expect(page.getByRole('heading', { name: 'Pagamento aprovado' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('card after PIX: the open code is withdrawn, the card is charged, the code paid anyway is refunded', async ({
    page,
    request,
  }) => {
    const session = await openPixCode(page, request);
    await expect(page.getByRole('button', { name: 'Copiar código' })).toBeVisible();
    await page.getByRole('radio', { name: 'Cartão' }).check();
    await expect(page.getByText('Você tem um código PIX aberto para este pedido.')).toBeVisible();
    await expect(page.getByText('Pagar com cartão cancela o código: não pague o PIX depois.')).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'card-after-pix-360.png');

    const card = page.locator('form').filter({ has: page.getByLabel('Número do cartão') });
    await card.getByLabel('Número do cartão').fill('4111111111111111');
    await card.getByLabel('Nome no cartão').fill('ANA SILVA');
    await card.getByLabel('Validade').fill('12/30');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('CEP').fill('01310100');
    await expect(card.getByLabel('Rua')).toHaveValue('Avenida Paulista');
    await card.getByLabel('Número', { exact: true }).fill('1000');
    const sent = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/v1/transactions'),
    );
    await card.getByRole('button', { name: /^Pagar/ }).click();
    expect((await sent).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Pagamento aprovado' })).toBeVisible();
    // The code is gone from the page: a reload shows the card's result, not the code.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Pagamento aprovado' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar código' })).toHaveCount(0);
    const after = await merchantSession(request, session.id);
    expect(after.payments?.map((p) => [p.payment_method, p.status])).toEqual([
      ['pix', 'withdrawn'],
      ['credit_card', 'paid'],
    ]);

    // The shopper's bank app pays the withdrawn code anyway: the checkout gives it back by itself.
    const pixId = after.payments?.find((p) => p.payment_method === 'pix')?.transaction_id ?? 0;
    // A gateway webhook within `forcedReadIntervalMs` of the code's last read (the page's poll, the withdrawal)
    // marks it due and leaves the re-read to reconciliation (gateway-webhook-intake.ts), which this e2e server
    // does not run: on a fast machine the bank paid within the second, and the code stayed `withdrawn`. So
    // the bank pays once the stored read is older than that, as a shopper's would. Nothing reads the code
    // again (the merchant's read syncs the session's latest payment, the card): older it stays. The server's
    // clock is the real one, so this waits for the server's own condition on it, not for a margin.
    await expect
      .poll(async () => {
        const rows = await storedRows(request, 'payment_attempts');
        const code = rows.find((row) => row.transaction_id === pixId);
        if (!code) throw new Error(`no payment attempt for the PIX code ${String(pixId)}`);
        // Never read: the webhook reads it at once.
        if (code.checked_at === null) return Number.POSITIVE_INFINITY;
        if (typeof code.checked_at !== 'string') throw new Error('checked_at is read back as an ISO string');
        return Date.now() - Date.parse(code.checked_at);
      })
      .toBeGreaterThanOrEqual(DEFAULT_POLICY.forcedReadIntervalMs);
    await payPixAtTheBank(request, pixId);
    await expect
      .poll(
        async () =>
          (await merchantSession(request, session.id)).payments?.find((p) => p.payment_method === 'pix')
            ?.status,
        { timeout: 30_000 },
      )
      .toMatch(/^(pending_refund|refunded)$/);
    const final = await merchantSession(request, session.id);
    expect(final.payments?.find((p) => p.payment_method === 'credit_card')?.status).toBe('paid');
    expect(final.status).toBe('complete');
  });
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, locale: 'pt-BR' });

  test('nothing scrolls sideways: card, 3DS and PIX forms', async ({ page, request }) => {
    const card = await createSession(request, shoesOrder({ locale: 'pt-BR', three_ds: 'required' }));
    await new SessionPage(page).open(card.id, 'pt-BR');
    await expect(page.getByLabel('Número do cartão')).toBeVisible();
    await noHorizontalScroll(page);
    await page.getByRole('radio', { name: 'PIX' }).check();
    await expect(page.getByRole('button', { name: /^Gerar código PIX/ })).toBeVisible();
    await noHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
});
