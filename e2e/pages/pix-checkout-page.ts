import { expect, type Locator, type Page } from '@playwright/test';

export interface PixShopper {
  name: string;
  email: string;
  taxId: string;
  phone: string;
}

export interface PixAddress {
  zipcode: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** A valid CPF (check digits 0 and 9). */
export const PIX_SHOPPER: PixShopper = {
  name: 'Maria Silva',
  email: 'maria@example.com',
  taxId: '529.982.247-25',
  phone: '(11) 98765-4321',
};

export const PIX_BILLING: PixAddress = {
  zipcode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

/** The PIX form as a shopper sees it, by accessible names (English labels). */
export class PixCheckoutPage {
  readonly pixMethod: Locator;
  readonly form: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.pixMethod = page.getByRole('radio', { name: 'PIX' });
    this.form = page.getByRole('form', { name: 'Pay with PIX' });
    this.submit = page.getByRole('button', { name: /^Generate PIX code|^Generating PIX code/ });
  }

  async goto(query = 'lang=en'): Promise<void> {
    await this.page.goto(`/?${query}`);
    await this.pixMethod.check();
    await expect(this.form).toBeVisible();
  }

  async fillShopper(shopper: PixShopper = PIX_SHOPPER): Promise<void> {
    const details = this.form.getByRole('group', { name: 'Your details' });
    await details.getByLabel('Full name').fill(shopper.name);
    await details.getByLabel('Email').fill(shopper.email);
    await details.getByLabel('CPF or CNPJ').fill(shopper.taxId);
    await details.getByLabel('Mobile phone').fill(shopper.phone);
  }

  async fillBilling(name: string = PIX_SHOPPER.name, address: PixAddress = PIX_BILLING): Promise<void> {
    const billing = this.form.getByRole('group', { name: 'Billing address' });
    await billing.getByLabel('Full name').fill(name);
    await fillAddress(billing, address);
  }

  async fillDelivery(name: string, address: PixAddress): Promise<void> {
    const delivery = this.form.getByRole('group', { name: 'Delivery' });
    await delivery.getByLabel('Deliver to my billing address').uncheck();
    await delivery.getByLabel('Recipient’s name').fill(name);
    await fillAddress(delivery, address);
  }

  async fillAll(): Promise<void> {
    await this.fillShopper();
    await this.fillBilling();
  }
}

async function fillAddress(scope: Locator, address: PixAddress): Promise<void> {
  await scope.getByLabel('CEP').fill(address.zipcode);
  await scope.getByLabel('Street').fill(address.street);
  await scope.getByLabel('Number').fill(address.number);
  const neighbourhood = scope.getByLabel('Neighbourhood');
  if ((await neighbourhood.count()) > 0) await neighbourhood.fill(address.neighborhood);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('State').selectOption(address.state);
}
