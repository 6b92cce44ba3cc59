import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS, SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import { createSession, payByCard, shoesOrder } from './merchant-api.ts';

test.describe.configure({ timeout: 120_000 });

const JOANA = { name: 'Joana Prado', cpf: '52998224725', phone: '+5511987654321' };

/**
 * A customer of the shop (`customer.external_id`) who paid by card and let the checkout keep it: the payment
 * made as the shopper's browser makes it, with the consent to save the card.
 */
async function customerWithSavedCard(
  request: APIRequestContext,
): Promise<{ email: string; reference: string }> {
  const id = `cust-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `${id}@example.com`;
  const session = await createSession(
    request,
    shoesOrder({
      save_cards: true,
      customer: {
        external_id: id,
        name: JOANA.name,
        email,
        document: { type: 'cpf', number: JOANA.cpf },
        phone: JOANA.phone,
      },
    }),
  );
  await payByCard(request, session, { billingName: JOANA.name, extra: { save_card: true } });
  return { email, reference: session.reference };
}

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 800, locale: 'pt-BR' },
  { name: 'desktop', width: 1280, height: 900, locale: 'en' },
] as const;

for (const viewport of VIEWPORTS) {
  test(`staff find a customer and remove a saved card; an owner erases them (${viewport.name}, ${viewport.locale})`, async ({
    page: staffPage,
    browser,
    request,
  }) => {
    let page = staffPage;
    const pt = viewport.locale === 'pt-BR';
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { email, reference } = await customerWithSavedCard(request);
    let console = new ConsoleModel(page);
    await console.open();
    await console.logIn(CONSOLE_USERS.staff.email, CONSOLE_USERS.staff.password);
    if (pt) await console.chooseLanguage('pt-BR');
    await console.goTo(pt ? /^Clientes$/ : /^Customers$/);
    await console.findCustomer(email.toUpperCase());
    await expect(console.rows).toHaveCount(1);
    await expect(console.rows.first()).toContainText('Joana Prado');
    await expect(console.rows.first()).toContainText('***.982.247-**');
    await expect(console.rows.first()).not.toContainText(JOANA.cpf);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `customers-${viewport.name}.png`);

    await console.rows.first().getByRole('link', { name: 'Joana Prado' }).click();
    await expect(console.heading(/Joana Prado/)).toBeVisible();
    await expect(page.getByRole('link', { name: reference })).toBeVisible();
    const card = pt ? 'Visa final 1111' : 'Visa ending 1111';
    await expect(page.getByText(card, { exact: false })).toBeVisible();
    // Staff may not erase: the button says why.
    const erase = page.getByRole('button', { name: pt ? 'Apagar cliente' : 'Erase customer' });
    await expect(erase).toHaveAttribute('aria-disabled', 'true');
    await expect(
      page.getByText(
        pt ? 'Só um proprietário pode apagar um cliente.' : 'Only an owner can erase a customer.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `customer-${viewport.name}.png`);

    await page.getByRole('button', { name: pt ? `Remover ${card}` : `Remove ${card}` }).click();
    await expect(console.dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await console.dialog.getByRole('button', { name: pt ? `Remover ${card}` : `Remove ${card}` }).click();
    await expect(console.dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: pt ? 'Cartão removido.' : 'Card removed.' }),
    ).toBeVisible();
    await expect(page.getByText(pt ? 'Nenhum cartão salvo.' : 'No saved cards.')).toBeVisible();

    // The owner erases: the e-mail typed to confirm; a wrong one is refused in the dialog.
    // The owner, in a browser of their own.
    const customerUrl = page.url();
    const ownerContext = await browser.newContext({
      baseURL: SERVER_ORIGIN,
      viewport: { width: viewport.width, height: viewport.height },
    });
    page = await ownerContext.newPage();
    console = new ConsoleModel(page);
    await console.open();
    await console.logIn(CONSOLE_USERS.owner.email, CONSOLE_USERS.owner.password);
    if (pt) await console.chooseLanguage('pt-BR');
    await page.goto(customerUrl);
    await expect(console.heading(/Joana Prado/)).toBeVisible();
    await page.getByRole('button', { name: pt ? 'Apagar cliente' : 'Erase customer' }).click();
    await expect(console.dialog).toBeVisible();
    const confirmation = console.dialog.getByRole('textbox');
    await confirmation.fill('someone-else@example.com');
    await console.dialog
      .getByRole('button', { name: pt ? 'Apagar definitivamente' : 'Erase for good' })
      .click();
    await expect(
      console.dialog.getByText(
        pt ? 'O texto não confere com o e-mail do cliente.' : 'This does not match the customer’s e-mail.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `erase-dialog-${viewport.name}.png`);
    await confirmation.fill(email);
    await console.dialog
      .getByRole('button', { name: pt ? 'Apagar definitivamente' : 'Erase for good' })
      .click();
    await expect(console.dialog).toBeHidden();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: pt ? /Dados apagados: 1 pagamento/ : /Data erased: 1 payment/ }),
    ).toBeVisible();
    await expect(page.getByText('Joana Prado')).toHaveCount(0);

    // The past payment: amount and status kept, the payer gone.
    await page.getByRole('link', { name: reference }).click();
    await expect(console.heading(new RegExp(reference))).toBeVisible();
    await expect(page.getByText(/R\$\s?150[,.]90/).first()).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Joana');
    await expect(page.locator('main')).not.toContainText(email);
    await expect(page.locator('main')).not.toContainText('982.247');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `erased-payment-${viewport.name}.png`);
  });

  test(`an owner adds a webhook endpoint and an API key, each secret shown once (${viewport.name}, ${viewport.locale})`, async ({
    page,
    context,
    request,
  }) => {
    const pt = viewport.locale === 'pt-BR';
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SERVER_ORIGIN });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const console = new ConsoleModel(page);
    await console.open();
    await console.logIn(CONSOLE_USERS.owner.email, CONSOLE_USERS.owner.password);
    if (pt) await console.chooseLanguage('pt-BR');
    await console.goTo(pt ? /^Desenvolvedores$/ : /^Developers$/);
    await expect(page.getByText(/CHECKOUT_SECRET_KEY, MERCHANT_WEBHOOK_URL/)).toBeVisible();
    await expectNoAxeViolations(page);

    // An http URL is refused before anything is sent.
    const url = `https://erp-${Date.now()}.example.com/hooks`;
    await page.getByLabel('URL', { exact: true }).fill(url.replace('https:', 'http:'));
    await page.getByRole('checkbox', { name: 'payment.succeeded' }).check();
    const add = page.getByRole('button', { name: pt ? 'Adicionar endpoint' : 'Add endpoint' });
    await add.click();
    await expect(
      page.getByText(pt ? /Digite uma URL https completa/ : /Type a full https URL/),
    ).toBeVisible();
    await page.getByLabel('URL', { exact: true }).fill(url);
    await add.click();
    const secretTitle = pt ? /^Novo segredo de assinatura$/ : /^New signing secret$/;
    const secret = await console.revealedSecret(secretTitle);
    expect(secret).toMatch(/^whsec_/);
    await page
      .getByRole('region', { name: secretTitle })
      .getByRole('button', { name: pt ? 'Copiar' : 'Copy' })
      .click();
    await expect(page.getByText(pt ? 'Copiado.' : 'Copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `developers-secret-${viewport.name}.png`);
    await console.forgetSecret(secretTitle);
    await expect(page.getByText(url)).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await expect(page.getByText(url)).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // An extra API key: shown once, works against the merchant API, then revoked.
    await page.getByLabel(pt ? 'Nome da chave' : 'Key name').fill(`ERP ${viewport.name}`);
    await page.getByRole('button', { name: pt ? 'Criar chave' : 'Create key' }).click();
    const keyTitle = pt ? /^Nova chave de API$/ : /^New API key$/;
    const key = await console.revealedSecret(keyTitle);
    expect(key).toMatch(/^sk_/);
    const used = await request.get(`${SERVER_ORIGIN}/api/v1/payments?limit=1`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(used.status()).toBe(200);
    expect(
      (
        await request.get(`${SERVER_ORIGIN}/api/v1/payments?limit=1`, {
          headers: { Authorization: `Bearer ${SECRET_KEY}` },
        })
      ).status(),
    ).toBe(200);
    await console.forgetSecret(keyTitle);
    expect(await page.content()).not.toContain(key);
    await expect(
      page.locator('table.payments').getByText(`ERP ${viewport.name}`, { exact: true }),
    ).toBeVisible();
    await expect(
      page.locator('table.payments').getByText(`${key.slice(0, 11)}…`, { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `developers-${viewport.name}.png`);

    // The key makes an endpoint through the API: the page says which key made it (decision 288).
    const keyUrl = `https://pos-${Date.now()}.example.com/hooks`;
    const made = await request.post(`${SERVER_ORIGIN}/api/v1/webhook-endpoints`, {
      headers: { Authorization: `Bearer ${key}` },
      data: { url: keyUrl, event_types: ['payment.succeeded'] },
    });
    expect(made.status()).toBe(201);
    await page.reload();
    const keyEndpoint = page.locator('li.endpoint').filter({ hasText: keyUrl });
    await expect(
      keyEndpoint.getByText(
        pt
          ? `Criado com a chave de API “ERP ${viewport.name}” (${key.slice(0, 11)}…)`
          : `Made with the API key “ERP ${viewport.name}” (${key.slice(0, 11)}…)`,
      ),
    ).toBeVisible();

    await page
      .getByRole('button', { name: pt ? `Revogar ERP ${viewport.name}` : `Revoke ERP ${viewport.name}` })
      .click();
    await expect(console.dialog).toBeVisible();
    // The endpoints the key made are named; they stay unless the owner disables them too.
    await expect(console.dialog.getByText(keyUrl)).toBeVisible();
    await console.dialog
      .getByRole('checkbox', { name: pt ? /Desativar também/ : /Disable these endpoints/ })
      .check();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `revoke-key-${viewport.name}.png`);
    await console.dialog
      .getByRole('button', { name: pt ? `Revogar ERP ${viewport.name}` : `Revoke ERP ${viewport.name}` })
      .click();
    await expect(console.dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({
        hasText: pt
          ? 'Chave revogada e o endpoint criado com ela desativado.'
          : 'Key revoked and the endpoint made with it disabled.',
      }),
    ).toBeVisible();
    await expect(keyEndpoint.getByText(pt ? 'Desativado' : 'Disabled', { exact: true })).toBeVisible();
    await expect(keyEndpoint.getByText(pt ? /já revogada/ : /since revoked/)).toBeVisible();
    await keepScreenshot(page, `developers-revoked-${viewport.name}.png`);
    const refused = await request.get(`${SERVER_ORIGIN}/api/v1/payments?limit=1`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(refused.status()).toBe(401);
  });
}
