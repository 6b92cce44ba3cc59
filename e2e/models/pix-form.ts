import type { Locator } from '@playwright/test';
import { MARIA, SAO_PAULO, type Address, type Shopper } from '../test-shoppers.ts';
import { startOf, word, type Language } from '../words.ts';
import { BillingAddressFields, fillAddress } from './address-fields.ts';
import { CustomerFields } from './customer-fields.ts';
import type { Root } from './root.ts';

/** The PIX method and its form: the shopper, the billing address, the delivery, the "Generate" button. */
export class PixForm {
  readonly method: Locator;
  readonly form: Locator;
  readonly submit: Locator;

  constructor(
    root: Root,
    private readonly language: Language = 'en',
  ) {
    this.method = root.getByRole('radio', { name: word('checkout.method.pix', language) });
    this.form = root.getByRole('form', { name: word('pix.formName', language) });
    const generate = startOf('pix.submit', language);
    const generating = startOf('pix.submitting', language);
    this.submit = root.getByRole('button', { name: new RegExp(`${generate.source}|${generating.source}`) });
  }

  async fillShopper(shopper: Shopper = MARIA): Promise<void> {
    await new CustomerFields(this.form, this.language).fill(shopper);
  }

  async fillBilling(name: string = MARIA.name, address: Address = SAO_PAULO): Promise<void> {
    await new BillingAddressFields(this.form, this.language).fill(name, address);
  }

  async fillDelivery(name: string, address: Address): Promise<void> {
    const delivery = this.form.getByRole('group', { name: word('pix.shippingLegend', this.language) });
    await delivery.getByLabel(word('pix.shipToBilling', this.language)).uncheck();
    await delivery.getByLabel(word('pix.shipName', this.language)).fill(name);
    await fillAddress(delivery, address, this.language);
  }

  async fillAll(): Promise<void> {
    await this.fillShopper();
    await this.fillBilling();
  }
}
