import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS, SERVER_ORIGIN } from '../server-origins.ts';
import { merchantSession, payByCard } from './merchant-api.ts';

/**
 * Links in the console do what the API does (issue 41): a link with two items, boleto and an expiry made in the
 * console's form on a 360 px phone in Portuguese, its page (figures, payments, WhatsApp, print sheet), paid by a
 * shopper and listed there; then the same page on a desktop in English, edited.
 */
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.use({ viewport: { width: 360, height: 800 }, locale: 'pt-BR' });

test('360 px, pt-BR: a link with two items, boleto and an expiry, made in the console, paid, on its page', async ({
  page,
  request,
}) => {
  const shot = (name: string) => keepScreenshot(page, `${name}.png`);
  const fitsPhone = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const console = new ConsoleModel(page);
  await console.open();
  await console.logIn(CONSOLE_USERS.staff.email, CONSOLE_USERS.staff.password);
  await console.goToLinks();

  const title = `Kit festa ${unique()}`;
  await page.getByRole('button', { name: 'Novo link' }).click();
  const form = page.getByRole('region', { name: 'Novo link de pagamento' });
  await form.getByLabel('Título', { exact: true }).fill(title);
  await form.getByLabel('Item 1: nome').fill('Bolo de cenoura');
  await form.getByLabel('Item 1: preço (R$)').fill('60,00');
  await form.getByRole('button', { name: 'Adicionar item' }).click();
  await form.getByLabel('Item 2: nome').fill('Brigadeiro');
  await form.getByLabel('Item 2: preço (R$)').fill('2,50');
  await form.getByLabel('Item 2: quantidade').fill('20');
  await form.getByRole('checkbox', { name: 'Boleto' }).check();
  await expect(form.getByLabel('Vencimento do boleto (dias úteis)')).toHaveValue('3');
  // A wrong redirect is refused on its field, in words; nothing typed is lost.
  await form.getByRole('radio', { name: 'Levar para um endereço' }).check();
  await form.getByLabel('Endereço (https://)').fill('http://bolos.example/obrigado');
  await form.getByLabel('Expira em (opcional)').fill('2099-12-31T18:00');
  await form.getByRole('button', { name: 'Criar link' }).click();
  await expect(form.getByText('Digite um endereço https://', { exact: false })).toBeVisible();
  await expect(form.getByLabel('Endereço (https://)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Item 2: quantidade')).toHaveValue('20');
  await fitsPhone();
  await expectNoAxeViolations(page);
  await shot('link-form-error-360-pt');
  await form.getByRole('radio', { name: 'Página de confirmação padrão' }).check();
  // The preview adds the items: 60,00 + 20 × 2,50.
  await expect(form.getByRole('complementary')).toContainText(/R\$\s?110,00/);
  await form.getByRole('button', { name: 'Criar link' }).click();
  await expect(page.getByRole('status').filter({ hasText: title })).toBeVisible();

  // The link's page, from its title in the list.
  await console
    .row(title)
    .getByRole('link', { name: `Abrir o link “${title}”` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const url = (await page.locator('.qr-url').textContent()) ?? '';
  expect(url).toMatch(new RegExp(`^${SERVER_ORIGIN}/l/[A-Za-z0-9_-]{12}$`));
  const whatsApp = page.getByRole('link', { name: 'Compartilhar no WhatsApp' });
  await expect(whatsApp).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
  );
  await expect(page.getByRole('link', { name: 'Folha para imprimir' })).toHaveAttribute(
    'href',
    `${new URL(url).pathname}/qr`,
  );
  await expect(page.getByText('Nenhum pagamento ainda.')).toBeVisible();
  const code = new URL(url).pathname.split('/').pop() ?? '';
  const api = await request.get(`${SERVER_ORIGIN}/l/${code}/qr`);
  expect(api.status()).toBe(200);

  // A shopper opens the link and pays by card.
  const visit = await request.post(url, { form: {}, maxRedirects: 0 });
  expect(visit.status(), await visit.text()).toBe(303);
  const sessionId = /\/pay\/(cs_[A-Za-z0-9_-]+)/.exec(visit.headers().location ?? '')?.[1] ?? '';
  const session = await merchantSession(request, sessionId);
  expect(session.amount).toBe(11000);
  expect(session.methods).toContain('boleto');
  await payByCard(request, session);

  await expect(async () => {
    await page.reload();
    await expect(page.locator('table tbody tr')).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const row = page.locator('table tbody tr').first();
  await expect(row).toContainText('Bolo de cenoura, Brigadeiro × 20');
  await expect(row).toContainText(/R\$\s?110,00/);
  await expect(page.locator('.facts')).toContainText(/Bruto\s*R\$\s?110,00/);
  await fitsPhone();
  await expectNoAxeViolations(page);
  await shot('link-page-360-pt');

  // The home page says gross and net, counted as the link's figures are (decision 342).
  await console.nav.getByRole('link', { name: 'Início' }).click();
  const today = page.getByRole('region', { name: 'Hoje' });
  await expect(today.getByText('Bruto', { exact: true })).toBeVisible();
  await expect(today.getByText('Líquido', { exact: true })).toBeVisible();
  await fitsPhone();
  await expectNoAxeViolations(page);
  await shot('home-360-pt');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Edit: the price is read-only now; the title changes.
  await page.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('region', { name: `Editar “${title}”` });
  await expect(edit.getByText('Este link já tem pagamentos')).toBeVisible();
  await expect(edit.getByLabel('Item 1: preço (R$)')).toHaveCount(0);
  await fitsPhone();
  await expectNoAxeViolations(page);
  await shot('link-edit-360-pt');
  await edit.getByLabel('Título', { exact: true }).fill(`${title} (novo)`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'salvo' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${title} (novo)` })).toBeVisible();

  // Each payment opens its page.
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/console\/payments\/pa_/);

  // The same link's page on a desktop in English.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goBack();
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 2, name: "This link's payments" })).toBeVisible();
  await expect(page.locator('.facts')).toContainText(/Gross\s*R\$\s?110\.00/);
  await expectNoAxeViolations(page);
  await shot('link-page-1280-en');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
});
