import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures.ts';
import { SaveCardSetupPage } from '../pages/save-card-setup-page.ts';
import { SavedCardsPanel } from '../pages/saved-cards-panel.ts';
import { ServerBankPage } from '../pages/server-bank-page.ts';
import { SessionPage } from '../pages/session-page.ts';
import { APPROVED_VISA, SAO_PAULO_BILLING } from '../test-shoppers.ts';
import { READABLE_TABLES } from '../server-origins.ts';
import {
  createSession,
  customerCards,
  merchantSession,
  saveCardFor,
  shoesOrder,
  storedRows,
} from './merchant-api.ts';

/**
 * Issue 14 through the real checkout server: a customer's saved cards on the session page, paying with
 * `card_id`, the consent to save, removal, and the "save a card" page (`POST /v1/cards`).
 */

/** Each test its own customer: saved cards are kept per customer. */
const customerId = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

const ANA = {
  name: 'Ana Silva',
  email: 'ana@example.com',
  document: { type: 'cpf', number: '52998224725' },
  phone: '+5511987654321',
} as const;

function savingSession(externalId: string, overrides: Parameters<typeof shoesOrder>[0] = {}) {
  return shoesOrder({ save_cards: true, customer: { external_id: externalId, ...ANA }, ...overrides });
}

/** The body of the next payment POST, as the browser sent it. */
function nextPaymentBody(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/v1/transactions'))
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

/** An approved test card with an expiry and CVV that no other test uses: searched for in the database. */
const MASTERCARD = { number: '5555 5555 5555 4444', name: 'MARIA SILVA', expiry: '08/31', cvv: '737' };

/** Every text anywhere in the tables a payment writes to (inside JSON columns too). */
async function everyStoredValue(request: Parameters<typeof storedRows>[0]): Promise<string[]> {
  const values: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') values.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const table of READABLE_TABLES) walk(await storedRows(request, table));
  return values;
}

test('consent unchecked saves nothing; with consent the card is saved, and only what identifies it', async ({
  page,
  request,
}) => {
  const customer = customerId('consent');
  const checkout = new SessionPage(page);
  const saved = new SavedCardsPanel(page);

  const first = await createSession(request, savingSession(customer));
  await checkout.openForm(first.id);
  // Nothing saved yet: the card fields, and the consent, unchecked.
  await expect(saved.group).toHaveCount(0);
  await expect(saved.consent).not.toBeChecked();
  await expectNoAxeViolations(page);
  await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
  const withoutConsent = nextPaymentBody(page);
  await checkout.payButton.click();
  expect(await withoutConsent).not.toHaveProperty('save_card');
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  expect(await customerCards(request, customer)).toEqual([]);

  const second = await createSession(request, savingSession(customer));
  await checkout.openForm(second.id);
  await expect(saved.group).toHaveCount(0);
  await checkout.fillAll(MASTERCARD, SAO_PAULO_BILLING);
  await saved.consent.check();
  const withConsent = nextPaymentBody(page);
  await checkout.payButton.click();
  expect(await withConsent).toMatchObject({ save_card: true, card: { card_number: '5555555555554444' } });
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();

  // The gateway's identifier, brand, first and last digits and the name: never number, CVV or expiry.
  const cards = await customerCards(request, customer);
  expect(cards).toHaveLength(1);
  expect(Object.keys(cards[0] ?? {}).sort()).toEqual([
    'brand',
    'created_at',
    'first_digits',
    'holder_name',
    'id',
    'last_digits',
    'object',
  ]);
  expect(cards[0]).toMatchObject({
    brand: 'mastercard',
    first_digits: '555555',
    last_digits: '4444',
    holder_name: 'MARIA SILVA',
  });

  // The database after the run: the saved card's row holds those and whose card it is, nothing else;
  // no table holds the number, the CVV or the expiry, in any form.
  const rows = (await storedRows(request, 'saved_cards')).filter(
    (row) => row.customer_external_id === customer,
  );
  expect(rows).toHaveLength(1);
  expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
    'brand',
    'card_id',
    'created_at',
    'customer_external_id',
    'first_digits',
    'holder_name',
    'last_digits',
    'session_id',
  ]);
  const stored = await everyStoredValue(request);
  // The scan sees the stored data (the name on the card is kept), so what it does not find is not there.
  expect(stored).toContain('MARIA SILVA');
  expect(stored.filter((value) => value.replace(/\D/g, '').includes('5555555555554444'))).toEqual([]);
  expect(stored.filter((value) => ['737', '0831', '08/31', '08/2031'].includes(value))).toEqual([]);
  expect(stored.filter((value) => /card_cvv|card_expiration_date|card_number/.test(value))).toEqual([]);
});

test('a returning customer pays with the saved card: it is chosen already, Pay sends its card_id', async ({
  page,
  request,
}) => {
  const customer = customerId('returning');
  const card = await saveCardFor(request, customer);
  const session = await createSession(request, savingSession(customer));
  const checkout = new SessionPage(page);
  const saved = new SavedCardsPanel(page);
  await checkout.openForm(session.id);

  await expect(saved.card('Visa •••• 1111')).toBeChecked();
  await expect(checkout.cardNumber).toHaveCount(0);
  await expect(saved.consent).toHaveCount(0);
  await expectNoAxeViolations(page);

  // "Use another card" shows the card's fields and the consent; back to the saved card hides them.
  await saved.useAnother.check();
  await expect(checkout.cardNumber).toBeVisible();
  await expect(saved.consent).not.toBeChecked();
  await saved.card('Visa •••• 1111').check();
  await expect(checkout.cardNumber).toHaveCount(0);

  await checkout.fillBilling(SAO_PAULO_BILLING);
  const body = nextPaymentBody(page);
  await checkout.payButton.click();
  const sent = await body;
  expect(sent.card_id).toBe(card.id);
  expect(sent).not.toHaveProperty('card');
  expect(sent).not.toHaveProperty('save_card');
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  const payments = (await merchantSession(request, session.id)).payments ?? [];
  expect(payments.map((p) => [p.payment_method, p.status, p.amount])).toEqual([
    ['credit_card', 'paid', 15090],
  ]);
});

test('customer-paid fees: a saved Amex card is priced as Amex, on the button and at the gateway', async ({
  page,
  request,
}) => {
  const customer = customerId('amex-fees');
  const card = await saveCardFor(request, customer, {
    number: '378282246310005',
    name: 'ANA SILVA',
    cvv: '1234',
  });
  const session = await createSession(request, savingSession(customer, { fees_paid_by: 'customer' }));
  const checkout = new SessionPage(page);
  await checkout.openForm(session.id);
  await expect(new SavedCardsPanel(page).card('American Express •••• 0005')).toBeChecked();
  await checkout.fillBilling(SAO_PAULO_BILLING);
  const body = nextPaymentBody(page);
  await checkout.payButton.click();
  const sent = await body;
  expect(sent.card_id).toBe(card.id);
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  // The server prices the saved card by its network and refuses any other price: approved means the
  // page asked for Amex's gross, which differs from the order's amount and from Visa's.
  const [payment] = (await merchantSession(request, session.id)).payments ?? [];
  expect(payment?.amount).toBe(sent.amount);
  expect(payment?.amount).not.toBe(session.amount);
});

test('a saved card the issuer refuses: "Try another card" opens the card fields, focused', async ({
  page,
  request,
}) => {
  const customer = customerId('refused');
  // The mock keeps the test card's scenario: a card saved from 4000 0000 0000 0002 is refused.
  await saveCardFor(request, customer, { number: '4000000000000002', name: 'ANA SILVA' });
  const session = await createSession(request, savingSession(customer));
  const checkout = new SessionPage(page);
  const saved = new SavedCardsPanel(page);
  await checkout.openForm(session.id);

  await expect(saved.card('Visa •••• 0002')).toBeChecked();
  await checkout.fillBilling(SAO_PAULO_BILLING);
  await checkout.payButton.click();
  await expect(checkout.resultHeading('Payment declined')).toBeVisible();
  await page.getByRole('button', { name: 'Try another card' }).click();
  await expect(checkout.cardNumber).toBeFocused();
  await expect(saved.useAnother).toBeChecked();
  await expect(saved.consent).not.toBeChecked();
});

test('3DS with a saved card: card_id with the 3DS details, the bank, approved', async ({ page, request }) => {
  const customer = customerId('three-ds');
  const card = await saveCardFor(request, customer);
  const session = await createSession(request, savingSession(customer, { three_ds: 'required' }));
  const checkout = new SessionPage(page);
  const saved = new SavedCardsPanel(page);
  await checkout.openForm(session.id);

  await expect(saved.card('Visa •••• 1111')).toBeChecked();
  await checkout.fillBilling(SAO_PAULO_BILLING);
  const body = nextPaymentBody(page);
  await checkout.payButton.click();
  const sent = await body;
  expect(sent.card_id).toBe(card.id);
  expect(sent).not.toHaveProperty('card');
  expect(sent).toMatchObject({ capture: false, customer: { name: 'Ana Silva', email: 'ana@example.com' } });
  expect(sent.threeDSecure).toMatchObject({
    urlSuccess: expect.stringContaining(`/pay/${session.id}/3ds/success`),
  });

  const bank = new ServerBankPage(page);
  await bank.expectOpen();
  await bank.approve.click();
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  expect((await merchantSession(request, session.id)).status).toBe('complete');
});

test("another customer's session never sees the card, and a forged card_id is refused with a clear error", async ({
  page,
  request,
}) => {
  const owner = customerId('owner');
  const ownersCard = await saveCardFor(request, owner);
  const stranger = customerId('stranger');
  const session = await createSession(request, savingSession(stranger));
  const checkout = new SessionPage(page);
  const saved = new SavedCardsPanel(page);

  await checkout.openForm(session.id);
  await expect(saved.group).toHaveCount(0);
  await expect(checkout.cardNumber).toBeVisible();
  expect(await page.content()).not.toContain(String(ownersCard.id));

  // The stranger has a card of their own; the page's request is forged to pay with the owner's.
  await saveCardFor(request, stranger, { number: '5555555555554444', name: 'JOAO SOUZA' });
  await checkout.openForm(session.id);
  await expect(saved.card('Mastercard •••• 4444')).toBeChecked();
  await page.route('**/v1/transactions', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, card_id: ownersCard.id }) });
  });
  await checkout.fillBilling(SAO_PAULO_BILLING);
  await checkout.payButton.click();

  await expect(saved.unavailable).toBeVisible();
  await expect(saved.card('Mastercard •••• 4444')).toHaveAccessibleDescription(/can no longer be used/);
  await expect(saved.card('Mastercard •••• 4444')).toBeFocused();
  await expect(checkout.alert).toBeVisible();
  await expect(checkout.payButton).toBeEnabled();
  await expectNoAxeViolations(page);
  // Refused before anything reached the gateway: no payment on the session.
  expect((await merchantSession(request, session.id)).payments ?? []).toEqual([]);
});

test('removing a saved card asks first, keeps focus, says so, and the card is gone for good', async ({
  page,
  request,
}) => {
  const customer = customerId('remove');
  await saveCardFor(request, customer);
  const mastercard = await saveCardFor(request, customer, {
    number: '5555555555554444',
    name: 'ANA SILVA',
  });
  const session = await createSession(request, savingSession(customer));
  const checkout = new SessionPage(page);
  const saved = new SavedCardsPanel(page);
  await checkout.openForm(session.id);

  // Newest first, and chosen.
  await expect(saved.card('Mastercard •••• 4444')).toBeChecked();
  await expect(saved.card('Visa •••• 1111')).not.toBeChecked();

  // By keyboard: Remove asks, Keep puts focus back where it was.
  await saved.removeButton('Mastercard •••• 4444').press('Enter');
  await expect(saved.confirmRemove()).toBeFocused();
  await expect(saved.group).toContainText('Remove Mastercard •••• 4444?');
  await expectNoAxeViolations(page);
  await saved.keep().press('Enter');
  await expect(saved.removeButton('Mastercard •••• 4444')).toBeFocused();

  await saved.removeButton('Mastercard •••• 4444').press('Enter');
  await saved.confirmRemove().press('Enter');
  await expect(saved.status).toHaveText('Mastercard •••• 4444 was removed.');
  await expect(saved.status).toHaveAttribute('role', 'status');
  await expect(saved.card('Mastercard •••• 4444')).toHaveCount(0);
  await expect(saved.card('Visa •••• 1111')).toBeChecked();
  await expect(saved.card('Visa •••• 1111')).toBeFocused();

  expect((await customerCards(request, customer)).map((card) => card.id)).not.toContain(mastercard.id);
  await page.reload();
  await expect(saved.card('Visa •••• 1111')).toBeChecked();
  await expect(saved.card('Mastercard •••• 4444')).toHaveCount(0);
});

test('the "save a card" page: errors next to the field, "could not be saved", then saved', async ({
  page,
  request,
}) => {
  const customer = customerId('setup');
  const session = await createSession(request, {
    reference: `e2e-setup-${Date.now()}`,
    mode: 'setup',
    save_cards: true,
    customer: { external_id: customer, name: 'Ana Silva' },
  });
  const setup = new SaveCardSetupPage(page);
  await setup.open(session.id);
  await expectNoAxeViolations(page);

  // A past expiry is caught before anything is sent.
  await setup.fill({ ...APPROVED_VISA, expiry: '01/20' });
  await setup.save.click();
  await expect(setup.expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(setup.expiry).toHaveAccessibleDescription(/This card has expired/);
  await setup.expiry.fill(APPROVED_VISA.expiry);

  // What POST /v1/cards refuses lands next to its field: a bad number, a past expiry, a wrong CVV length
  // (the typed card is valid; the body on its way is changed, as a buggy or hostile client would).
  const wrongs = [
    { field: setup.cardNumber, change: { card_number: '4111111111111112' } },
    { field: setup.expiry, change: { card_expiration_date: '0120' } },
    { field: setup.cvv, change: { card_cvv: '12345' } },
  ];
  for (const { field, change } of wrongs) {
    await page.route('**/v1/cards', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, ...change }) });
    });
    await setup.save.click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/did not accept this/);
    await expect(setup.alert).toBeVisible();
    await page.unrouteAll();
  }
  await expectNoAxeViolations(page);
  expect(await customerCards(request, customer)).toEqual([]);

  // The gateway answers without a card id: said plainly, nothing kept.
  await setup.holderName.fill('NO CARD ID');
  await setup.save.click();
  await expect(setup.alert).toHaveText('The card could not be saved. Nothing was charged; try again.');
  expect(await customerCards(request, customer)).toEqual([]);

  await setup.holderName.fill(APPROVED_VISA.name);
  await setup.save.click();
  await expect(setup.savedHeading).toBeFocused();
  await expect(page.getByText('Visa •••• 1111 is saved for your next purchases.')).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await customerCards(request, customer)).map((card) => card.last_digits)).toEqual(['1111']);

  // The session is complete: a reload says so, never a second form.
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'This card has already been saved' }),
  ).toBeVisible();
  await expect(setup.save).toHaveCount(0);
});

test.describe('on a 360 px phone in pt-BR', () => {
  test.use({ viewport: { width: 360, height: 640 }, locale: 'pt-BR' });

  test('the saved cards read in Portuguese, fit the screen and pass axe', async ({ page, request }) => {
    const customer = customerId('phone');
    await saveCardFor(request, customer, { number: '5555555555554444', name: 'ANA MARIA DOS SANTOS SILVA' });
    const session = await createSession(request, savingSession(customer, { locale: 'pt-BR' }));
    await page.goto(`/pay/${session.id}`);
    const group = page.getByRole('group', { name: 'Pagar com um cartão salvo' });
    await expect(group.getByRole('radio', { name: 'Mastercard •••• 4444' })).toBeChecked();
    await expect(group.getByRole('button', { name: 'Remover Mastercard •••• 4444' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    await group.getByRole('radio', { name: 'Usar outro cartão' }).check();
    await expect(page.getByLabel('Número do cartão')).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Salvar este cartão para a próxima compra' }),
    ).not.toBeChecked();
    await expectNoAxeViolations(page);
  });
});
