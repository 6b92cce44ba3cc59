import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures.ts';
import { SessionPage } from '../pages/session-page.ts';
import { createSession, shoesOrder } from './merchant-api.ts';

/**
 * Issue 13: a shopper on a phone in pt-BR — a 360×640 Android and a 390×844 iPhone — through the real
 * checkout server. Labels are the Portuguese ones the shopper reads.
 */
const PHONES = [
  { name: '360×640', viewport: { width: 360, height: 640 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
] as const;

const ANA = {
  name: 'Ana Silva',
  email: 'ana@example.com',
  document: { type: 'cpf', number: '52998224725' },
  phone: '+5511987654321',
} as const;

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function fillAddressByCep(page: Page): Promise<void> {
  const cep = page.getByLabel('CEP').first();
  await cep.fill('01310100');
  await expect(page.getByLabel('Rua').first()).toHaveValue('Avenida Paulista');
  await page.getByLabel('Número', { exact: true }).first().fill('1000');
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

    test('"Copiar código" is above the fold and primary once the PIX code is shown', async ({
      page,
      request,
    }) => {
      const session = await createSession(request, shoesOrder({ locale: 'pt-BR', customer: ANA }));
      await new SessionPage(page).open(session.id, 'pt-BR');
      await page.getByRole('radio', { name: 'PIX' }).check();
      await fillAddressByCep(page);
      await page.getByRole('button', { name: /^Gerar código PIX/ }).click();
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
