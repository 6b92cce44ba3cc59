import { expect, test, type APIRequestContext } from '@playwright/test';
import { boletoResultSchema, type BoletoResult } from '../../contract/boleto/boleto-model.ts';
import { formatDigitableLine } from '../../contract/boleto/check-digits.ts';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS, SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import { createSession, shoesOrder } from './merchant-api.ts';

/**
 * Boleto beyond the session API (issue 25): a payment link that offers it, the card tab's warning while a
 * boleto is open, and a boleto payment in the merchant console — pt-BR at 360 px and English on a desktop.
 */
test.describe.configure({ timeout: 90_000 });

const auth = { Authorization: `Bearer ${SECRET_KEY}` };

function payer(email: string) {
  return {
    name: 'Joana Prado',
    document: { type: 'cpf', number: '52998224725' },
    email,
    address: {
      street: 'Avenida Paulista',
      street_number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      zipcode: '01310100',
    },
  };
}

/** The shopper's "Generate boleto", as the page posts it (the payer only; the rest is the session's). */
async function issueBoleto(
  request: APIRequestContext,
  sessionId: string,
  email: string,
): Promise<BoletoResult> {
  const answer = await request.post(`${SERVER_ORIGIN}/api/pay/${sessionId}/boleto`, {
    data: { payer: payer(email) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return boletoResultSchema.parse(await answer.json());
}

test('360 px, pt-BR: a payment link offers boleto; with one open, the card tab says not to pay both', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const created = await request.post(`${SERVER_ORIGIN}/api/v1/payment-links`, {
    headers: auth,
    data: {
      title: 'Caneca esmaltada',
      items: [{ title: 'Caneca esmaltada', unit_price: 4990, quantity: 1, tangible: false }],
      methods: ['credit_card', 'pix', 'boleto'],
      boleto: { due_in_business_days: 5, instructions: ['Não receber após o vencimento'] },
      locale: 'pt-BR',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const link = (await created.json()) as { url: string; methods: string[] };
  expect(link.methods).toEqual(['credit_card', 'pix', 'boleto']);

  await page.goto(new URL(link.url).pathname);
  await expect(page.getByText('cartão de crédito, PIX ou boleto')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  const sessionId = /\/pay\/(cs_[^/?]+)/.exec(page.url())?.[1] ?? '';

  await page.getByRole('radio', { name: 'Boleto' }).check();
  await expect(page.getByRole('button', { name: /^Gerar boleto de R\$\s?49,90/ })).toBeVisible();

  // The shopper's boleto (issued as the page issues it), then the page again: it shows that boleto.
  const boleto = await issueBoleto(request, sessionId, `joana.link.${Date.now()}@example.com`);
  await page.reload();
  await expect(page.getByLabel('Linha digitável')).toHaveValue(formatDigitableLine(boleto.digitable_line));
  const warning = page.getByText(/^Já existe um boleto emitido para este pedido/);
  await expect(warning).toBeHidden();

  await page.getByRole('radio', { name: 'Cartão' }).check();
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(
    'se os dois forem pagos, o pagamento confirmado por último será devolvido',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'boleto-open-card-tab-360-pt.png');
  await page.getByRole('radio', { name: 'PIX' }).check();
  await expect(warning).toBeVisible();
});

test('the console shows a boleto payment: found by e-mail, method, due date and its line — English and Portuguese', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `joana.boleto.${Date.now()}@example.com`;
  const session = await createSession(request, shoesOrder({ methods: ['credit_card', 'boleto'] }));
  const boleto = await issueBoleto(request, session.id, email);
  const [year, month, day] = boleto.due_date.split('-').map(Number);
  const console = new ConsoleModel(page);
  await console.open();
  await console.logIn(CONSOLE_USERS.viewer.email, CONSOLE_USERS.viewer.password);
  await console.goToPayments();
  await console.search(email);
  await expect(console.rows).toHaveCount(1);
  await expect(console.rows.first()).toContainText('Boleto');
  await expect(console.rows.first()).toContainText(`due ${month}/${day}/${String(year).slice(2)}`);
  await expectNoAxeViolations(page);
  await console.openPayment(session.reference);
  await expect(console.fact('Boleto due date')).toHaveText(`${month}/${day}/${String(year).slice(2)}`);
  await expect(console.fact('Digitable line')).toHaveText(formatDigitableLine(boleto.digitable_line));
  await expect(page.getByText('Paid after its due date')).toBeHidden();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'console-boleto-en.png');

  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const pad = (n: number | undefined) => String(n).padStart(2, '0');
  await expect(console.fact('Vencimento do boleto')).toHaveText(`${pad(day)}/${pad(month)}/${year}`);
  await expect(console.fact('Linha digitável')).toHaveText(formatDigitableLine(boleto.digitable_line));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'console-boleto-360-pt.png');
});
