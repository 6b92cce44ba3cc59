import { expect, type Locator, type Page } from '@playwright/test';
import { CardFields } from '../models/card-fields.ts';
import type { CardDetails } from '../test-shoppers.ts';

/** A "save a card" session's page (`mode: setup`): the card's four fields and Save, in English. */
export class SaveCardSetupPage {
  readonly heading: Locator;
  readonly card: CardFields;
  readonly cardNumber: Locator;
  readonly holderName: Locator;
  readonly expiry: Locator;
  readonly cvv: Locator;
  readonly save: Locator;
  readonly alert: Locator;
  readonly savedHeading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Save a card' });
    this.card = new CardFields(page);
    this.cardNumber = this.card.number;
    this.holderName = this.card.holderName;
    this.expiry = this.card.expiry;
    this.cvv = this.card.cvv;
    this.save = page.getByRole('button', { name: /^Save card|^Saving card/ });
    this.alert = page.getByRole('alert').first();
    this.savedHeading = page.getByRole('heading', { level: 1, name: 'Card saved' });
  }

  async open(sessionId: string): Promise<void> {
    await this.page.goto(`/pay/${sessionId}?lang=en`);
    await expect(this.heading).toBeVisible();
  }

  async fill(card: CardDetails): Promise<void> {
    await this.card.fill(card);
  }
}
