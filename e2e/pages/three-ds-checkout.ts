import { expect, type Locator, type Page } from '@playwright/test';
import { CheckoutPage } from './checkout-page.ts';

export interface CustomerDetails {
  name: string;
  email: string;
  taxId: string;
  phone: string;
}

export const MARIA: CustomerDetails = {
  name: 'Maria Silva',
  email: 'maria@example.com',
  taxId: '529.982.247-25',
  phone: '(11) 98765-4321',
};

/** The checkout of an order that requires 3DS: the card form plus the shopper's own details. */
export class ThreeDSCheckoutPage extends CheckoutPage {
  readonly redirectHeading: Locator;
  readonly bankLink: Locator;

  constructor(page: Page) {
    super(page);
    this.redirectHeading = page.getByRole('heading', { name: 'Redirecting to your bank…' });
    this.bankLink = page.getByRole('link', { name: 'Continue to your bank' });
  }

  async gotoThreeDS(query = 'amount=15090&description=Running%20shoes'): Promise<void> {
    await this.goto(`lang=en&threeds=required&${query}`);
    await expect(this.page.getByRole('group', { name: 'Your details' })).toBeVisible();
  }

  async fillCustomer(customer: CustomerDetails = MARIA): Promise<void> {
    const group = this.page.getByRole('group', { name: 'Your details' });
    await group.getByLabel('Full name').fill(customer.name);
    await group.getByLabel('Email').fill(customer.email);
    await group.getByLabel('CPF or CNPJ').fill(customer.taxId);
    await group.getByLabel('Mobile phone').fill(customer.phone);
  }
}
