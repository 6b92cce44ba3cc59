import { expect, type Locator, type Page } from '@playwright/test';
import { CheckoutPage } from './checkout-page.ts';

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
    await expect(this.customer.group).toBeVisible();
  }
}
