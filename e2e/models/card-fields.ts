import type { Locator } from '@playwright/test';
import type { CardDetails } from '../test-shoppers.ts';
import { word, type Language } from '../words.ts';
import type { Root } from './root.ts';

/** The card's own fields (number, name, expiry, CVV, installments), by their labels. */
export class CardFields {
  readonly number: Locator;
  readonly holderName: Locator;
  readonly expiry: Locator;
  readonly cvv: Locator;
  readonly installments: Locator;

  constructor(root: Root, language: Language = 'en') {
    this.number = root.getByLabel(word('card.number', language));
    this.holderName = root.getByLabel(word('card.holderName', language));
    this.expiry = root.getByLabel(word('card.expiry', language));
    this.cvv = root.getByLabel(word('card.cvv', language));
    this.installments = root.getByLabel(word('card.installments', language));
  }

  async fill(card: CardDetails): Promise<void> {
    await this.number.fill(card.number);
    await this.holderName.fill(card.name);
    await this.expiry.fill(card.expiry);
    await this.cvv.fill(card.cvv);
  }
}
