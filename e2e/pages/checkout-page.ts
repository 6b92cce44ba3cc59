import { expect, type Locator, type Page } from '@playwright/test';

export interface CardDetails {
  number: string;
  name: string;
  expiry: string;
  cvv: string;
}

export interface BillingDetails {
  name: string;
  zipcode: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** The ways a shopper activates a button. */
export type Press = 'click' | 'Enter' | 'Space';

export async function pressButton(button: Locator, how: Press): Promise<void> {
  if (how === 'click') await button.click();
  else await button.press(how);
}

export const APPROVED_VISA: CardDetails = {
  number: '4111 1111 1111 1111',
  name: 'MARIA SILVA',
  expiry: '12/34',
  cvv: '123',
};

export const SAO_PAULO_BILLING: BillingDetails = {
  name: 'Maria Silva',
  zipcode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

/** The checkout as a shopper sees it, by accessible names (English labels unless told otherwise). */
export class CheckoutPage {
  readonly cardNumber: Locator;
  readonly holderName: Locator;
  readonly expiry: Locator;
  readonly cvv: Locator;
  readonly installments: Locator;
  readonly payButton: Locator;
  /** Takes the Pay button's place while the outcome of the last payment is unknown. */
  readonly retryAfterUnknownButton: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.cardNumber = page.getByLabel('Card number');
    this.holderName = page.getByLabel('Name on card');
    this.expiry = page.getByLabel('Expiry date');
    this.cvv = page.getByLabel('CVV');
    this.installments = page.getByLabel('Installments');
    // While the payment is under way the same button reads "Processing payment…".
    this.payButton = page.getByRole('button', { name: /^Pay |^Processing payment/ });
    this.retryAfterUnknownButton = page.getByRole('button', { name: 'I have checked — try again' });
    this.alert = page.getByRole('alert').first();
  }

  async goto(query = 'lang=en'): Promise<void> {
    await this.page.goto(`/?${query}`);
    await expect(this.cardNumber).toBeVisible();
  }

  async fillCard(card: CardDetails): Promise<void> {
    await this.cardNumber.fill(card.number);
    await this.holderName.fill(card.name);
    await this.expiry.fill(card.expiry);
    await this.cvv.fill(card.cvv);
  }

  async fillBilling(billing: BillingDetails): Promise<void> {
    const form = this.page.getByRole('group', { name: 'Billing address' });
    await form.getByLabel('Full name').fill(billing.name);
    await form.getByLabel('CEP').fill(billing.zipcode);
    await form.getByLabel('Street').fill(billing.street);
    await form.getByLabel('Number').fill(billing.number);
    await form.getByLabel('Neighbourhood').fill(billing.neighborhood);
    await form.getByLabel('City').fill(billing.city);
    await form.getByLabel('State').selectOption(billing.state);
  }

  async fillAll(
    card: CardDetails = APPROVED_VISA,
    billing: BillingDetails = SAO_PAULO_BILLING,
  ): Promise<void> {
    await this.fillCard(card);
    await this.fillBilling(billing);
  }

  resultHeading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 2, name });
  }
}
