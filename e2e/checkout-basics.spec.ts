import { CheckoutPage } from './pages/checkout-page.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { APPROVED_VISA, SAO_PAULO_BILLING } from './test-shoppers.ts';

test('the empty form is accessible and every field has the right autocomplete token', async ({ page }) => {
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await expectNoAxeViolations(page);
  const tokens = await page
    .locator('form input, form select')
    .evaluateAll((elements) =>
      elements
        .filter((el) => (el as HTMLInputElement).type !== 'radio')
        .map((el) => [el.getAttribute('name'), el.getAttribute('autocomplete')]),
    );
  expect(tokens).toEqual([
    ['cardNumber', 'cc-number'],
    ['holderName', 'cc-name'],
    ['expiry', 'cc-exp'],
    ['cvv', 'cc-csc'],
    ['installments', null],
    ['zipcode', 'billing postal-code'],
    ['street', 'billing address-line1'],
    ['streetNumber', 'billing address-line2'],
    ['neighborhood', 'billing address-level3'],
    ['city', 'billing address-level2'],
    ['state', 'billing address-level1'],
  ]);
  // The billing name follows the name on the card; "Billing name differs" shows it, focused.
  await checkout.billing.nameDiffers.click();
  await expect(checkout.billing.name).toBeFocused();
  await expect(checkout.billing.name).toHaveAttribute('autocomplete', 'billing name');
  await expectNoAxeViolations(page);
});

test('the card number is spaced as typed and its brand is named', async ({ page }) => {
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.cardNumber.pressSequentially('378282246310005');
  await expect(checkout.cardNumber).toHaveValue('3782 822463 10005');
  // The badge reads "Card brand: …" to screen readers and shows the name alone.
  await expect(page.getByText('Card brand: American Express')).toBeVisible();
  await expect(page.getByText('4 digits on the front')).toBeVisible();
  await checkout.cardNumber.fill('');
  await checkout.cardNumber.pressSequentially('6062826786276634');
  await expect(page.getByText('Card brand: Hipercard')).toBeVisible();
  await checkout.expiry.pressSequentially('1230');
  await expect(checkout.expiry).toHaveValue('12/30');
});

test('installment options show the amount of each installment', async ({ page }) => {
  const checkout = new CheckoutPage(page);
  await checkout.goto('lang=en&amount=30000&installments=3');
  await expect(checkout.installments.locator('option')).toHaveText([
    '1x R$300.00',
    '2x R$150.00 (no interest)',
    '3x R$100.00 (no interest)',
  ]);
});

test('a shopper pays with the keyboard alone', async ({ page }) => {
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');
  for (let i = 0; i < 10 && (await focusedName()) !== 'cardNumber'; i++) await page.keyboard.press('Tab');
  expect(await focusedName()).toBe('cardNumber');

  const type = async (text: string) => {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  };
  await type('4111111111111111');
  await type(APPROVED_VISA.name);
  await type('1234');
  await type('123');
  await page.keyboard.press('ArrowDown'); // installments: 2x
  await page.keyboard.press('Tab');
  await type(SAO_PAULO_BILLING.name);
  await type('01310100');
  await type(SAO_PAULO_BILLING.street);
  await type(SAO_PAULO_BILLING.number);
  await type(SAO_PAULO_BILLING.neighborhood);
  await type(SAO_PAULO_BILLING.city);
  await page.keyboard.type('SP');
  await page.keyboard.press('Tab');
  await expect(checkout.payButton).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(checkout.resultHeading('Payment approved')).toBeFocused();
  await expect(page.getByText('2x on Visa ending in 1111')).toBeVisible();
});

test('the checkout speaks pt-BR: labels, money and errors', async ({ page }) => {
  await page.goto('/?lang=pt-BR&amount=15090&description=Camiseta');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByLabel('Número do cartão')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar R$ 150,90' })).toBeVisible();
  await page.getByRole('button', { name: 'Pagar R$ 150,90' }).click();
  await expect(page.getByText('Informe o número do cartão.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('switching the language keeps what the shopper typed', async ({ page }) => {
  const checkout = new CheckoutPage(page);
  await checkout.goto('lang=en&amount=15090');
  await checkout.holderName.fill('MARIA SILVA');
  await page.getByLabel('Language').selectOption('pt-BR');
  await expect(page.getByLabel('Nome no cartão')).toHaveValue('MARIA SILVA');
});

test('the browser language decides when the URL does not', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByLabel('Número do cartão')).toBeVisible();
  await context.close();
});

test('a broken order link shows which parameter is wrong', async ({ page }) => {
  await page.goto('/?lang=en&amount=12.50&methods=boleto');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This checkout link is not valid' }),
  ).toBeVisible();
  await expect(page.getByText('the “amount” parameter')).toBeVisible();
  await expect(page.getByText('the “methods” parameter')).toBeVisible();
  await expectNoAxeViolations(page);
});
