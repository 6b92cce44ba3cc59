import type { Page } from '@playwright/test';
import type { CreateSessionRequest } from '../../contract/checkout-session.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { expect, expectNoAxeViolations, test, keepScreenshot } from '../fixtures.ts';
import { SessionPage } from '../pages/session-page.ts';
import { shownPaymentForm, typeWhatIsAsked } from '../pages/typing-shopper.ts';
import { ANA, APPROVED_VISA } from '../test-shoppers.ts';
import { createSession, gatewayTransaction, shoesOrder } from './merchant-api.ts';

/**
 * Issue 26 item 5, "fewer fields, measured": a shopper the shop knows nothing about (no `customer` on the
 * session) on a 360 px phone in pt-BR, typing only what the form still asks (typing-shopper.ts: the CEP
 * fills the street, a name typed once fills the others). Before: PIX 6 (name, e-mail, CPF, phone, CEP,
 * number), 3DS 10 (two full names and a phone), card 6. And what the gateway then holds.
 */
test.use({ locale: 'pt-BR' });

type Method = 'card' | '3DS' | 'PIX';

interface Case {
  method: Method;
  ceiling: number;
  session: Partial<CreateSessionRequest>;
  /** What the gateway must have received. */
  check: (transaction: Transaction) => void;
}

/** A PIX order that is not delivered: with a delivery, the address is asked anyway. */
const NOT_DELIVERED: Partial<CreateSessionRequest> = { shipping_fee: undefined, methods: ['pix'] };
const HOLDER = ANA.name.toUpperCase();

const CASES: readonly Case[] = [
  {
    method: 'PIX',
    ceiling: 3,
    session: { ...NOT_DELIVERED, collect: { address: false } },
    check: (transaction) => {
      expect(transaction.customer).toMatchObject({
        name: ANA.name,
        email: ANA.email,
        phone_numbers: [],
        documents: [{ type: 'cpf', number: ANA.taxId.replace(/\D/g, '') }],
      });
      expect(transaction.billing).toBeNull();
    },
  },
  {
    // Today's default for PIX: the billing address is asked, the name is typed once.
    method: 'PIX',
    ceiling: 5,
    session: NOT_DELIVERED,
    check: (transaction) => {
      expect(transaction.billing?.name).toBe(ANA.name);
      expect(transaction.billing?.address?.zipcode).toBe('01310100');
      expect(transaction.customer?.phone_numbers).toEqual([]);
    },
  },
  {
    method: 'PIX',
    ceiling: 4,
    session: { ...NOT_DELIVERED, collect: { address: false, phone: true } },
    check: (transaction) => {
      expect(transaction.customer?.phone_numbers).toEqual(['+5511987654321']);
      expect(transaction.billing).toBeNull();
    },
  },
  {
    method: 'card',
    ceiling: 6,
    session: { methods: ['credit_card'] },
    check: (transaction) => {
      expect(transaction.billing?.name).toBe(HOLDER);
      expect(transaction.customer ?? null).toBeNull();
    },
  },
  {
    method: '3DS',
    ceiling: 8,
    session: { methods: ['credit_card'], three_ds: 'required' },
    check: (transaction) => {
      // One name, typed once on the card: the cardholder is the customer the issuer authenticates.
      expect(transaction.customer).toMatchObject({ name: HOLDER, email: ANA.email, phone_numbers: [] });
      expect(transaction.billing?.name).toBe(HOLDER);
    },
  },
];

async function openUnknownShopper(page: Page, session: Partial<CreateSessionRequest>, lang: string) {
  const created = await createSession(page.request, shoesOrder({ ...session, locale: 'pt-BR' }));
  const checkout = new SessionPage(page);
  await checkout.open(created.id, lang);
  const form = shownPaymentForm(page);
  await expect(form).toHaveCount(1);
  return { checkout, form };
}

/**
 * Submits the shown form: what the browser sent and the transaction id the checkout server answered with
 * (read on its way through: a 3DS answer takes the page to the bank at once).
 */
async function submit(page: Page): Promise<{ body: Record<string, unknown>; id: number }> {
  let answered: (id: number) => void = () => undefined;
  const id = new Promise<number>((resolve) => (answered = resolve));
  let body: Record<string, unknown> = {};
  await page.route(
    (url) => url.pathname.endsWith('/v1/transactions'),
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      body = route.request().postDataJSON() as Record<string, unknown>;
      const response = await route.fetch();
      expect(response.status(), await response.text()).toBe(200);
      answered(((await response.json()) as { id: number }).id);
      await route.fulfill({ response });
    },
  );
  await shownPaymentForm(page).locator('button[type="submit"]').click();
  return { id: await id, body };
}

test.describe('an unknown shopper on a 360 px phone in pt-BR', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  for (const { method, ceiling, session, check } of CASES) {
    const setting = session.collect ? ` (collect ${JSON.stringify(session.collect)})` : '';
    test(`types at most ${ceiling} fields to pay by ${method}${setting}`, async ({ page, request }) => {
      const { form } = await openUnknownShopper(page, session, 'pt-BR');
      const height = await form.evaluate((element) => Math.round(element.getBoundingClientRect().height));
      const typed = await typeWhatIsAsked(form);
      console.log(
        `unknown shopper, ${method}${setting}: ${typed.length} (${typed.join(', ')}), form ${height} px`,
      );
      const { body, id } = await submit(page);
      // What the browser sent, then what the gateway holds: the checkout server forwarded it.
      if (method === 'PIX' && session.collect?.address === false) expect(body).not.toHaveProperty('billing');
      check(await gatewayTransaction(request, id));
      expect(typed.length).toBeLessThanOrEqual(ceiling);
    });
  }

  test('the shorter PIX and 3DS forms, as a phone shows them', async ({ page }) => {
    const pix = await openUnknownShopper(page, { ...NOT_DELIVERED, collect: { address: false } }, 'pt-BR');
    await expect(pix.form.getByLabel('CEP')).toHaveCount(0);
    await expect(pix.form.getByLabel('Celular')).toHaveCount(0);
    await keepScreenshot(page, 'fewer-fields-pix-360-pt.png');

    const threeDS = await openUnknownShopper(
      page,
      { methods: ['credit_card'], three_ds: 'required' },
      'pt-BR',
    );
    // One "Nome completo" no more: the card's name; the billing name behind its link.
    await expect(threeDS.form.getByLabel('Nome completo')).toHaveCount(0);
    await expect(threeDS.form.getByRole('button', { name: 'Nome de cobrança diferente' })).toBeVisible();
    await keepScreenshot(page, 'fewer-fields-3ds-360-pt.png');
  });
});

test.describe('an unknown shopper at 1280 px in English', () => {
  test.use({ viewport: { width: 1280, height: 900 }, locale: 'en' });

  test('PIX without an address: the payer only, accessible, and no billing at the gateway', async ({
    page,
    request,
  }) => {
    const { checkout, form } = await openUnknownShopper(
      page,
      { ...NOT_DELIVERED, collect: { address: false } },
      'en',
    );
    await expect(form.getByRole('group', { name: 'Billing address' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await checkout.pix.fillShopper(ANA);
    const { body, id } = await submit(page);
    expect(body).not.toHaveProperty('billing');
    expect((await gatewayTransaction(request, id)).billing).toBeNull();
  });

  test('3DS: one name on the card, "Billing name differs" bills another, accessible', async ({
    page,
    request,
  }) => {
    const { checkout, form } = await openUnknownShopper(
      page,
      { methods: ['credit_card'], three_ds: 'required', collect: { phone: true } },
      'en',
    );
    await expectNoAxeViolations(page);
    await checkout.fillCard(APPROVED_VISA);
    // The session asks the phone: the customer fields show it; the name is the card's.
    await expect(checkout.customer.group.getByLabel('Full name')).toHaveCount(0);
    await checkout.fillCustomer(ANA);
    await checkout.billing.fill('Ana M. Silva', {
      zipcode: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    await expect(checkout.billing.name).toHaveValue('Ana M. Silva');
    await expectNoAxeViolations(page);
    await expect(form).toHaveCount(1);
    const { id } = await submit(page);
    const transaction = await gatewayTransaction(request, id);
    expect(transaction.billing?.name).toBe('Ana M. Silva');
    expect(transaction.customer).toMatchObject({
      name: APPROVED_VISA.name,
      phone_numbers: ['+5511987654321'],
    });
  });
});
