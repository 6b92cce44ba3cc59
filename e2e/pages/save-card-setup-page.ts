import { expect, type Locator, type Page } from '@playwright/test';
import type { CardDetails } from './checkout-page.ts';

/** A "save a card" session's page (`mode: setup`): the card's four fields and Save, in English. */
export class SaveCardSetupPage {
  readonly heading: Locator;
  readonly cardNumber: Locator;
  readonly holderName: Locator;
  readonly expiry: Locator;
  readonly cvv: Locator;
  readonly save: Locator;
  readonly alert: Locator;
  readonly savedHeading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Save a card' });
    this.cardNumber = page.getByLabel('Card number');
    this.holderName = page.getByLabel('Name on card');
    this.expiry = page.getByLabel('Expiry date');
    this.cvv = page.getByLabel('CVV');
    this.save = page.getByRole('button', { name: /^Save card|^Saving card/ });
    this.alert = page.getByRole('alert').first();
    this.savedHeading = page.getByRole('heading', { level: 1, name: 'Card saved' });
  }

  async open(sessionId: string): Promise<void> {
    await this.page.goto(`/pay/${sessionId}?lang=en`);
    await expect(this.heading).toBeVisible();
  }

  async fill(card: CardDetails): Promise<void> {
    await this.cardNumber.fill(card.number);
    await this.holderName.fill(card.name);
    await this.expiry.fill(card.expiry);
    await this.cvv.fill(card.cvv);
  }
}
