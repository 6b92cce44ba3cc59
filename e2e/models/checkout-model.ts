import type { Locator } from '@playwright/test';
import {
  APPROVED_VISA,
  MARIA,
  SAO_PAULO_BILLING,
  type BillingDetails,
  type CardDetails,
  type Shopper,
} from '../test-shoppers.ts';
import { startOf, type Language } from '../words.ts';
import { BillingAddressFields } from './address-fields.ts';
import { CardFields } from './card-fields.ts';
import { CustomerFields } from './customer-fields.ts';
import { PixForm } from './pix-form.ts';
import type { Root } from './root.ts';

/**
 * The checkout as a shopper sees it, by accessible names, wherever it is: the page itself (CheckoutPage)
 * or the iframe on a merchant's page (EmbeddedCheckout). Built from the component models.
 */
export class CheckoutModel {
  readonly card: CardFields;
  readonly billing: BillingAddressFields;
  readonly customer: CustomerFields;
  readonly pix: PixForm;
  readonly cardNumber: Locator;
  readonly holderName: Locator;
  readonly expiry: Locator;
  readonly cvv: Locator;
  readonly installments: Locator;
  /** While the payment is under way the same button reads "Processing payment…". */
  readonly payButton: Locator;

  constructor(
    readonly root: Root,
    language: Language = 'en',
  ) {
    this.card = new CardFields(root, language);
    this.billing = new BillingAddressFields(root, language);
    this.customer = new CustomerFields(root, language);
    this.pix = new PixForm(root, language);
    this.cardNumber = this.card.number;
    this.holderName = this.card.holderName;
    this.expiry = this.card.expiry;
    this.cvv = this.card.cvv;
    this.installments = this.card.installments;
    const pay = startOf('card.pay', language);
    const paying = startOf('card.paying', language);
    this.payButton = root.getByRole('button', { name: new RegExp(`${pay.source}|${paying.source}`) });
  }

  async fillCard(card: CardDetails): Promise<void> {
    await this.card.fill(card);
  }

  async fillBilling(billing: BillingDetails): Promise<void> {
    await this.billing.fill(billing.name, billing);
  }

  async fillAll(
    card: CardDetails = APPROVED_VISA,
    billing: BillingDetails = SAO_PAULO_BILLING,
  ): Promise<void> {
    await this.fillCard(card);
    await this.fillBilling(billing);
  }

  /** The shopper's own details, asked with 3DS. */
  async fillCustomer(shopper: Shopper = MARIA): Promise<void> {
    await this.customer.fill(shopper);
  }

  resultHeading(name: string | RegExp): Locator {
    return this.root.getByRole('heading', { level: 2, name });
  }
}
