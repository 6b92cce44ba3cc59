import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { SessionPage } from '../pages/session-page.ts';
import { CONSOLE_USERS, PAYER_BANK_PORT, SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import { APPROVED_VISA, SAO_PAULO_BILLING } from '../test-shoppers.ts';
import { storedRows } from './merchant-api.ts';

// One worker, in order: the harness's endpoint answers what the last spec set, so the two sizes' failing-delivery
// tests, side by side on two workers, turned each other's 500 back into 200 (one saw its event delivered at once).
test.describe.configure({ mode: 'default', timeout: 120_000 });

const auth = { Authorization: `Bearer ${SECRET_KEY}` };
/** The merchant's webhook endpoint of the e2e harness (start-e2e-server.ts): answers what a spec sets. */
const HOOKS_URL = `http://127.0.0.1:${PAYER_BANK_PORT}/hooks`;

async function hooksAnswer(request: APIRequestContext, status: number): Promise<void> {
  expect((await request.post(`${HOOKS_URL}/answer/${status}`)).status()).toBe(204);
}

/** One webhook endpoint at the harness's receiver, made once through the merchant API. */
async function ensureEndpoint(request: APIRequestContext): Promise<void> {
  const list = await request.get(`${SERVER_ORIGIN}/api/v1/webhook-endpoints`, { headers: auth });
  const { data } = (await list.json()) as { data: { url: string }[] };
  if (data.some((endpoint) => endpoint.url === HOOKS_URL)) return;
  const created = await request.post(`${SERVER_ORIGIN}/api/v1/webhook-endpoints`, {
    headers: auth,
    data: { url: HOOKS_URL, event_types: ['*'], description: 'e2e ERP' },
  });
  expect(created.status(), await created.text()).toBe(201);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const setup of [
  { name: '360 px, pt-BR', width: 360, height: 800, locale: 'pt-BR', amount: '59,90', shown: /R\$\s?59,90/ },
  { name: '1280 px, en', width: 1280, height: 900, locale: 'en-US', amount: '59.90', shown: /R\$\s?59\.90/ },
] as const) {
  test.describe(setup.name, () => {
    test.use({ viewport: { width: setup.width, height: setup.height }, locale: setup.locale });

    test('staff create a link, a shopper pays it in another browser, the console counts it; QR; deactivate', async ({
      page,
      browser,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SERVER_ORIGIN });
      const shot = (name: string) => keepScreenshot(page, `${name}-${setup.width}.png`);
      const console = new ConsoleModel(page);
      await console.open();
      await console.logIn(CONSOLE_USERS.staff.email, CONSOLE_USERS.staff.password);
      await console.goToLinks();
      await expectNoAxeViolations(page);

      const title = `Camiseta ${unique()}`;
      await console.createLink(title, setup.amount, setup.shown);
      await expectNoAxeViolations(page);
      await shot('console-link-form');
      await console.submitLink(title);
      const row = console.row(title);
      await expect(row).toContainText(/Active|Ativo/);
      await expect(row).toContainText(setup.shown);

      // Copy: the address reaches the clipboard and a screen reader hears it.
      await row.getByRole('button', { name: /^(Copy link of|Copiar link de)/ }).click();
      await expect(page.getByRole('status').filter({ hasText: /copied|copiado/ })).toBeVisible();
      const url = await page.evaluate(() => navigator.clipboard.readText());
      expect(url).toMatch(new RegExp(`^${SERVER_ORIGIN}/l/[A-Za-z0-9_-]{12}$`));
      await expect(row).toContainText(url);
      await expectNoAxeViolations(page);
      await shot('console-links');

      // Another browser (a shopper's phone): the link's page, the card paid.
      const shopperContext = await browser.newContext({ locale: 'en-US' });
      const shopper = await shopperContext.newPage();
      await shopper.goto(url);
      await expect(shopper.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await shopper
        .getByRole('button', { name: /^(Continue to payment|Continuar para o pagamento)$/ })
        .click();
      await expect(shopper).toHaveURL(/\/pay\/cs_/);
      // The session's page in English, as SessionPage reads it.
      const sessionUrl = new URL(shopper.url());
      sessionUrl.searchParams.set('lang', 'en');
      await shopper.goto(sessionUrl.toString());
      const checkout = new SessionPage(shopper);
      await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
      await checkout.payButton.click();
      await expect(checkout.resultHeading('Payment approved')).toBeVisible({ timeout: 20_000 });
      await shopperContext.close();

      // The console shows it used: one payment, R$ 59,90 collected.
      await expect(async () => {
        await page.reload();
        await expect(console.row(title).locator('td').nth(3)).toHaveText('1', { timeout: 2_000 });
        await expect(console.row(title).locator('td').nth(4)).toContainText(setup.shown, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });

      // The QR code to print.
      await console
        .row(title)
        .getByRole('link', { name: /QR code/ })
        .click();
      const qr = page.getByRole('img', { name: new RegExp(`QR code .*${url.split('/').pop() ?? ''}`) });
      await expect(qr).toBeVisible();
      expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await expect(page.getByText(url, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot('console-link-qr');
      await page.getByRole('link', { name: /^(Back to links|Voltar aos links)$/ }).click();

      // Deactivate, confirmed in a dialog; focus comes back to the row's button.
      await console
        .row(title)
        .getByRole('button', { name: /^(Deactivate|Desativar) “/ })
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: /^(Deactivate link|Desativar link)$/ }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: /deactivated|desativado/ })).toBeVisible();
      await expect(console.row(title)).toContainText(/Deactivated|Desativado/);
      await expect(console.row(title).getByRole('button', { name: /^(Deactivate|Desativar) “/ })).toHaveCount(
        0,
      );
      await expectNoAxeViolations(page);
      // The shopper's page now says the link takes no more payments.
      const closed = await page.request.get(url);
      expect(await closed.text()).not.toMatch(/Continue to payment|Continuar para o pagamento/);
    });

    test('a delivery fails at the merchant’s endpoint; staff resend it and see it delivered; a test event', async ({
      page,
      request,
    }) => {
      await ensureEndpoint(request);
      await hooksAnswer(request, 500);
      try {
        // An event to deliver: a link made with the merchant API (payment_link.created).
        const made = await request.post(`${SERVER_ORIGIN}/api/v1/payment-links`, {
          headers: auth,
          data: { title: `Evento ${unique()}`, custom_amount: { min: 100, max: 10_000 } },
        });
        expect(made.status()).toBe(201);
        const linkId = ((await made.json()) as { id: string }).id;
        const events = await storedRows(request, 'outbox_events');
        const eventId = String(
          events.find(
            (row) =>
              (row.payload as { data?: { object?: { id?: string } } } | undefined)?.data?.object?.id ===
              linkId,
          )?.id,
        );
        expect(eventId).toMatch(/^evt_/);

        const console = new ConsoleModel(page);
        await console.open();
        await console.logIn(CONSOLE_USERS.staff.email, CONSOLE_USERS.staff.password);
        await console.goToEvents();
        // The endpoint answers 500: the delivery is retried later, its error shown.
        await expect(async () => {
          await page.reload();
          await expect(console.row(eventId)).toContainText(/Retrying|Tentando de novo/, { timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
        await expect(console.row(eventId)).toContainText('500');
        await expectNoAxeViolations(page);
        await keepScreenshot(page, `console-events-failed-${setup.width}.png`);

        // The endpoint is back; staff resend now rather than wait for the back-off.
        await hooksAnswer(request, 200);
        await console
          .row(eventId)
          .getByRole('button', { name: /^(Resend|Reenviar) payment_link\.created/ })
          .click();
        await expect(page.getByRole('status').filter({ hasText: /sent again|reenviado/ })).toBeVisible();
        await expect(console.row(eventId)).toContainText(/Delivered|Entregue/, { timeout: 20_000 });
        await expectNoAxeViolations(page);
        await keepScreenshot(page, `console-events-resent-${setup.width}.png`);

        // A test event to the endpoint, answered at once.
        await page
          .getByRole('button', {
            name: new RegExp(`(Send a test event to|Enviar evento de teste para) ${HOOKS_URL}`),
          })
          .click();
        await expect(page.getByRole('status').filter({ hasText: /HTTP 200/ })).toBeVisible();
        await expectNoAxeViolations(page);
      } finally {
        await hooksAnswer(request, 200);
      }
    });
  });
}
