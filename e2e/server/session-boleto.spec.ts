import { expect, test, type Locator, type Page } from '@playwright/test';
import { isValidDigitableLine } from '../../contract/boleto/check-digits.ts';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { BoletoPage } from '../pages/boleto-page.ts';
import { SessionPage } from '../pages/session-page.ts';
import { MARIA, SAO_PAULO } from '../test-shoppers.ts';
import {
  createSession,
  knownAddress,
  knownCustomer,
  merchantSession,
  moveBoleto,
  sessionEvents,
  shoesOrder,
} from './merchant-api.ts';

// Several server round trips on the shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

const PT = {
  method: 'Boleto',
  submit: /^Gerar boleto de R\$/,
  lineLabel: 'Linha digitável',
  copy: 'Copiar linha',
  copied: 'Copiado',
  barcode: /^Código de barras do boleto/,
  pdf: /^Baixar PDF/,
};
const EN = {
  method: 'Boleto',
  submit: /^Generate boleto for R\$/,
  lineLabel: 'Digitable line',
  copy: 'Copy line',
  copied: 'Copied',
  barcode: /^Boleto barcode/,
  pdf: /^Download PDF/,
};

const boletoSession = (request: Parameters<typeof createSession>[0], locale: 'pt-BR' | 'en') =>
  createSession(
    request,
    shoesOrder({
      methods: ['boleto', 'credit_card'],
      boleto: { due_in_business_days: 3, instructions: ['Não receber após o vencimento'] },
      customer: { ...knownCustomer(MARIA), address: knownAddress(SAO_PAULO) },
      locale,
    }),
  );

async function issuedLine(boleto: BoletoPage): Promise<string> {
  await expect(boleto.line).toBeVisible();
  return (await boleto.line.inputValue()).replace(/\D/g, '');
}

/**
 * The open page looks at its boleto every 20 s: its clock (installed before it opened) is moved past the next look
 * until `shown` appears — a look within a second of the last may still get the server's throttled answer.
 */
async function lookAgain(page: Page, shown: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(20_000);
    await expect(shown).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
}

test('360 px, pt-BR: boleto created, line copied, reload shows the same one, paid at the bank — the merchant hears payment.succeeded', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 360, height: 780 });
  // The page's clock: its look every 20 s is brought forward instead of waited for (lookAgain).
  await page.clock.install();
  const session = await boletoSession(request, 'pt-BR');
  await new SessionPage(page).open(session.id, 'pt-BR');
  const boleto = new BoletoPage(page, PT);
  // The session offers boleto first: its form is on screen.
  await boleto.generate();
  await expect(boleto.heading(/^Pague R\$\s?150,90 com boleto/)).toBeVisible();
  const line = await issuedLine(boleto);
  expect(isValidDigitableLine(line)).toBe(true);
  await expect(boleto.barcode).toBeVisible();
  await expect(boleto.pdf).toHaveAttribute('href', /mock-gateway\/boleto\/\d+\.pdf$/);
  await expect(page.getByText('Os bancos levam até 3 dias úteis para confirmar')).toBeVisible();

  await boleto.copyButton().click();
  await expect(boleto.copiedStatus()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'boleto-360-pt.png');

  // The PDF opens: a real file.
  const pdf = await request.get(String(await boleto.pdf.getAttribute('href')));
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // A reload (and Back) shows the same boleto, never a second one.
  await page.reload();
  expect(await issuedLine(boleto)).toBe(line);

  const payments = (await merchantSession(request, session.id)).payments ?? [];
  expect(payments).toHaveLength(1);
  const transactionId = payments[0]?.transaction_id ?? 0;
  await moveBoleto(request, transactionId, 'pay');
  await lookAgain(page, boleto.heading('Boleto pago'));
  await expectNoAxeViolations(page);

  await expect
    .poll(async () => (await sessionEvents(request, session.id)).map((event) => event.type), {
      timeout: 15_000,
    })
    .toEqual(expect.arrayContaining(['boleto.created', 'payment.succeeded', 'checkout.session.completed']));
  const succeeded = (await sessionEvents(request, session.id)).find(
    (event) => event.type === 'payment.succeeded',
  );
  expect(succeeded?.payload.data.object).toMatchObject({
    payment_method: 'boleto',
    status: 'paid',
    boleto: { paid_late: false },
  });
  expect((await merchantSession(request, session.id)).status).toBe('complete');
});

test('an expired boleto: its page says so and offers a new one; axe clean', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.clock.install();
  const session = await boletoSession(request, 'pt-BR');
  await new SessionPage(page).open(session.id, 'pt-BR');
  const boleto = new BoletoPage(page, PT);
  await boleto.generate();
  const [payment] = (await merchantSession(request, session.id)).payments ?? [];
  await moveBoleto(request, payment?.transaction_id ?? 0, 'expire');
  // The open page looks again now and then (a boleto moves in days): it sees the boleto end…
  await lookAgain(page, boleto.heading('Este boleto venceu'));
  // …and a reload shows the same expired boleto; the merchant heard boleto.expired.
  await page.reload();
  await expect(boleto.heading('Este boleto venceu')).toBeVisible();
  expect((await sessionEvents(request, session.id)).map((event) => event.type)).toContain('boleto.expired');
  await expect(page.getByText(/não foi pago\. Nenhum valor foi cobrado/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gerar novo boleto' })).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'boleto-expired-360-pt.png');
});

test('desktop, English: the boleto with its barcode and the hybrid PIX QR', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const session = await boletoSession(request, 'en');
  await new SessionPage(page).open(session.id, 'en');
  const boleto = new BoletoPage(page, EN);
  await boleto.generate();
  await expect(boleto.heading(/^Pay R\$\s?150\.90 by boleto/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'PIX copy-and-paste code for this boleto' })).toBeVisible();
  // The phone showing the QR cannot scan it: the code is there to copy too (a BR Code starts 000201).
  await expect(page.getByLabel('PIX copy-and-paste code', { exact: true })).toHaveValue(/^000201/);
  await expect(page.getByRole('button', { name: 'Copy PIX code' })).toBeVisible();
  // The reference the shopper quotes to the shop: the one the console shows as the shopper's.
  await expect(page.getByText(/^Reference \S+$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'boleto-1280-en.png');
});
