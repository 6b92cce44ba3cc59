import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';

/**
 * The payment-link pages a designer opens from a scenario link under `npm start` (issue 23): an active
 * link, a customer-chosen amount (refused out of bounds before any session or payment exists), and the
 * friendly pages of an expired and of a deactivated link — on a phone, in Portuguese.
 */
// A Brazilian phone: link pages follow the browser's language (decision 341).
test.use({ viewport: { width: 360, height: 780 }, locale: 'pt-BR' });

test('link-active: the order, the quantity and Continue', async ({ page }) => {
  await page.goto('/?scenario=link-active');
  await expect(page).toHaveURL(/\/l\/[\w-]{12}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Caneca esmaltada' })).toBeVisible();
  await expect(page.getByLabel(/Quantidade/)).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Continuar para o pagamento' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});

test('link-custom-amount: an amount outside the bounds is refused on the page, no session is opened', async ({
  page,
}) => {
  await page.goto('/?scenario=link-custom-amount');
  await expect(page.getByRole('heading', { level: 1, name: 'Doação para o abrigo' })).toBeVisible();
  const amount = page.locator('#amount');
  await amount.fill('5,00');
  const sessions: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sessions.push(request.url());
  });
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page).toHaveURL(/\/l\/[\w-]{12}$/);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveValue('5,00');
  expect(sessions).toEqual([]);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'link-amount-refused-360.png');

  await amount.fill('25,00');
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await expect(page.getByText(/R\$\s?25[.,]00/).first()).toBeVisible();
});

for (const [scenario, text] of [
  ['link-expired', /expir/i],
  ['link-inactive', 'Esgotou! Uma nova leva chega em dezembro.'],
] as const) {
  test(`${scenario}: a friendly page, no way to pay`, async ({ page }) => {
    await page.goto(`/?scenario=${scenario}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuar para o pagamento' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `${scenario}-360.png`);
  });
}
