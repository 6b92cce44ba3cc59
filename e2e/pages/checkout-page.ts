import { expect, type Locator, type Page } from '@playwright/test';
import { CheckoutModel } from '../models/checkout-model.ts';
import { word, type Language } from '../words.ts';

/** The ways a shopper activates a button. */
export type Press = 'click' | 'Enter' | 'Space';

export async function pressButton(button: Locator, how: Press): Promise<void> {
  if (how === 'click') await button.click();
  else await button.press(how);
}

/** The checkout as the page itself (English labels unless told otherwise). */
export class CheckoutPage extends CheckoutModel {
  /** Takes the Pay button's place while the outcome of the last payment is unknown. */
  readonly retryAfterUnknownButton: Locator;
  readonly alert: Locator;

  constructor(
    readonly page: Page,
    language: Language = 'en',
  ) {
    super(page, language);
    this.retryAfterUnknownButton = page.getByRole('button', {
      name: word('card.unknownOutcome.retry', language),
    });
    this.alert = page.getByRole('alert').first();
  }

  async goto(query = 'lang=en'): Promise<void> {
    await this.page.goto(`/?${query}`);
    await expect(this.cardNumber).toBeVisible();
  }
}
