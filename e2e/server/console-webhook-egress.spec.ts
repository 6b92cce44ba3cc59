import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS, PAYER_BANK_PORT, SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';

/**
 * Webhook URLs reach public addresses only (docs/decisions/280-webhook-egress-policy.md), as a person meets it in
 * the console: a private URL refused on the Developers page, and "Send a test event" answering delivered or not
 * with the HTTP status only — or, for a URL whose name now resolves to loopback, sending nothing. The e2e server
 * allows 127.0.0.1 (WEBHOOK_ALLOWED_PRIVATE_HOSTS, playwright.config.ts), as an operator allows an ERP on the
 * shop's network; its harness DNS (`POST /dns/{name}/{address}`) changes a record after a save.
 */
test.describe.configure({ timeout: 90_000 });

const auth = { Authorization: `Bearer ${SECRET_KEY}` };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A merchant's endpoint on loopback that answers 500 to everything. */
async function failingEndpoint(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ssrf-e2e-hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function setDns(request: APIRequestContext, name: string, address: string): Promise<void> {
  expect((await request.post(`http://127.0.0.1:${PAYER_BANK_PORT}/dns/${name}/${address}`)).status()).toBe(
    204,
  );
}

/** Made disabled: nothing is fanned out to it, but a test event still goes (the merchant is checking it). */
async function createEndpoint(request: APIRequestContext, url: string): Promise<string> {
  const created = await request.post(`${SERVER_ORIGIN}/api/v1/webhook-endpoints`, {
    headers: auth,
    data: { url, event_types: ['payment.succeeded'], enabled: false, description: 'egress e2e' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

for (const setup of [
  { name: '360 px, pt-BR', width: 360, height: 800, locale: 'pt-BR' as const },
  { name: '1280 px, en', width: 1280, height: 900, locale: 'en' as const },
]) {
  test.describe(setup.name, () => {
    test.use({ viewport: { width: setup.width, height: setup.height } });
    const pt = setup.locale === 'pt-BR';

    test('the Developers page refuses a webhook URL at a private address, saying why', async ({ page }) => {
      const console = new ConsoleModel(page);
      await console.open();
      await console.logIn(CONSOLE_USERS.owner.email, CONSOLE_USERS.owner.password);
      if (pt) await console.chooseLanguage('pt-BR');
      await console.goTo(pt ? /^Desenvolvedores$/ : /^Developers$/);
      const url = 'https://169.254.169.254/latest/meta-data/';
      await page.getByLabel('URL', { exact: true }).fill(url);
      await page.getByRole('checkbox', { name: 'payment.succeeded' }).check();
      await page.getByRole('button', { name: pt ? 'Adicionar endpoint' : 'Add endpoint' }).click();
      await expect(
        page.getByRole('alert').filter({
          hasText: pt ? /leva a um endereço que não é público/ : /leads to an address that is not public/,
        }),
      ).toBeVisible();
      await expect(page.getByText(url, { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `developers-url-not-public-${setup.width}.png`);
    });

    test('“Send a test event” says delivered or not with the HTTP status only, and sends nothing to a name now on loopback', async ({
      page,
      request,
    }) => {
      const failing = await failingEndpoint();
      const name = `rebind-${unique()}.e2e.test`;
      const rebound = `https://${name}/hooks`;
      const nowhere = `https://nowhere-${unique()}.invalid/hooks`;
      const ids: string[] = [];
      try {
        // Public when saved; loopback by the time of the test (a DNS record changed in between).
        await setDns(request, name, '93.184.215.14');
        ids.push(await createEndpoint(request, rebound));
        await setDns(request, name, '127.0.0.1');
        ids.push(await createEndpoint(request, failing.url));
        ids.push(await createEndpoint(request, nowhere));

        const console = new ConsoleModel(page);
        await console.open();
        await console.logIn(CONSOLE_USERS.staff.email, CONSOLE_USERS.staff.password);
        if (pt) await console.chooseLanguage('pt-BR');
        await console.goToEvents();
        const send = (url: string) =>
          page.getByRole('button', {
            name: pt ? `Enviar evento de teste para ${url}` : `Send a test event to ${url}`,
            exact: true,
          });
        const answer = (url: string) =>
          page.locator('li.endpoint').filter({ hasText: url }).getByRole('status');

        await send(failing.url).click();
        await expect(answer(failing.url)).toHaveText(
          pt ? 'O teste não foi entregue: HTTP 500.' : 'The test was not delivered: HTTP 500.',
        );
        await send(nowhere).click();
        await expect(answer(nowhere)).toHaveText(
          pt ? 'O teste não foi entregue: sem resposta HTTP.' : 'The test was not delivered: no HTTP answer.',
        );
        await send(rebound).click();
        await expect(answer(rebound)).toHaveText(
          pt
            ? 'Nada foi enviado: a URL deste endereço leva a um endereço que não é público. Mude-a na página Desenvolvedores.'
            : 'Nothing was sent: this address’s URL leads to an address that is not public. Change it on the Developers page.',
        );
        await expect(page.locator('main')).not.toContainText(/ENOTFOUND|ECONN|getaddrinfo|socket/i);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, `events-test-answers-${setup.width}.png`);
      } finally {
        for (const id of ids)
          await request.delete(`${SERVER_ORIGIN}/api/v1/webhook-endpoints/${id}`, { headers: auth });
        await failing.close();
      }
    });
  });
}
