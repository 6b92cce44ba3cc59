import { expect, test } from '@playwright/test';

/**
 * The static preview on a plain static file server, under a folder (`/review/`), as a designer shares
 * it: no rewrite rules, no server. Partial order links take the demo order's; the designer panel can be
 * hidden, speaks the page's language and stays out of the way on a phone.
 */
test.describe.configure({ mode: 'parallel' });

test('deep pages open from their own links, with and without the trailing slash', async ({ page }) => {
  for (const path of ['simulator/?lang=en', 'simulator?lang=en']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: /fee simulator/i })).toBeVisible();
  }
  // A return link whose reference this tab never made: the page says so, it is not the host's 404.
  await page.goto('3ds/return?ref=0123456789abcdef0123456789abcdef&via=fail&lang=en');
  await expect(page.getByRole('heading', { name: /not find this payment|not valid/i })).toBeVisible();
  await page.goto('mock-bank/challenge/?token=unknown&lang=en');
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
});

test('links inside the preview stay in its folder', async ({ page }) => {
  // The shopper's header has no merchant tools (issue 13): the panel links to the simulator.
  await page.goto('?lang=en');
  await page.getByText('Mock gateway · test cards').click();
  await page.getByRole('link', { name: 'The merchants’ fee simulator' }).click();
  await expect(page).toHaveURL(/\/review\/simulator\/?\?lang=en$/);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/review\/$/);
  await expect(page.getByLabel('Card number')).toBeVisible();
});

for (const query of ['methods=pix', 'threeds=required', 'fees=customer']) {
  test(`?${query} alone opens the demo order, not "invalid link: amount"`, async ({ page }) => {
    await page.goto(`?${query}&lang=en`);
    await expect(page.getByText('Tênis de corrida')).toBeVisible();
    await expect(page.getByText(/invalid|not valid/i)).toHaveCount(0);
    if (query === 'methods=pix') {
      await expect(page.getByRole('form', { name: 'Pay with PIX' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Card' })).toHaveCount(0);
    }
  });
}

test('"Fill test data" fills the form on screen, and it pays', async ({ page }) => {
  await page.goto('?lang=en');
  await page.getByText('Mock gateway · test cards').click();
  await page.getByRole('button', { name: 'Fill test data' }).click();
  await expect(page.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect(page.getByLabel('Name on card')).toHaveValue('MARIA SILVA');
  await page.getByText('Mock gateway · test cards').click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
});

test('?panel=off opens the page without the panel; "Hide panel" removes it', async ({ page }) => {
  await page.goto('?lang=en&panel=off');
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Mock gateway' })).toHaveCount(0);

  await page.goto('?lang=en');
  const panel = page.getByRole('complementary', { name: 'Mock gateway' });
  await panel.getByText('Mock gateway · test cards').click();
  await panel.getByRole('button', { name: 'Hide panel' }).click();
  await expect(panel).toHaveCount(0);
});

test('the panel speaks pt-BR on a pt-BR page and writes money as the page does', async ({ page }) => {
  await page.goto('?scenario=pix-open&lang=pt-BR');
  // The scenario starts the in-browser mock's service worker, loads the PIX chunks, looks up the CEP and asks
  // for a code, both at the mock's 600 ms latency: about 3 s on an idle machine, over 10 s (the default) under
  // the suite's parallel load. The same wait as scenario-links.spec.ts.
  await expect(page.getByRole('heading', { name: /Pague R\$\s?150,90 com PIX/ })).toBeVisible({
    timeout: 20_000,
  });
  const panel = page.getByRole('complementary', { name: 'Gateway de teste' });
  await panel.getByText('Gateway de teste · cartões e cenários').click();
  await expect(panel.getByRole('button', { name: 'Preencher dados de teste' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Cartão recusado pelo emissor' })).toBeVisible();
  const code = panel.getByLabel('Código');
  await expect(code).toContainText(/R\$\s150,90/);
  await expect(code).not.toContainText('150.90');
  // The page switches language: the panel follows.
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('complementary', { name: 'Mock gateway' })).toBeVisible();
});

for (const width of [360, 390]) {
  test(`open on a ${width} px phone, the panel leaves most of the screen to the page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('?lang=en');
    const panel = page.getByRole('complementary', { name: 'Mock gateway' });
    const closed = await panel.boundingBox();
    expect(closed?.height ?? 999).toBeLessThan(60);
    await panel.getByText('Mock gateway · test cards').click();
    await expect(panel.getByRole('button', { name: 'Fill test data' })).toBeVisible();
    const open = await panel.boundingBox();
    expect(open?.height ?? 999).toBeLessThanOrEqual(740 * 0.5);
    // What the panel covers, the page still shows above it: the order summary stays in view.
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeInViewport();
  });
}
