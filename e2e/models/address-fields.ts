import { expect, type Locator } from '@playwright/test';
import type { Address } from '../test-shoppers.ts';
import { word, type Language } from '../words.ts';
import type { Root } from './root.ts';

/** The address fields of one group (billing or delivery), shared by the card and PIX forms. */
export async function fillAddress(
  group: Locator,
  address: Address,
  language: Language = 'en',
): Promise<void> {
  await group.getByLabel(word('address.zipcode', language)).fill(address.zipcode);
  await group.getByLabel(word('address.street', language)).fill(address.street);
  await group.getByLabel(word('address.streetNumber', language), { exact: true }).fill(address.number);
  // A delivery address may not ask for it.
  const neighbourhood = group.getByLabel(word('address.neighborhood', language));
  if ((await neighbourhood.count()) > 0) await neighbourhood.fill(address.neighborhood);
  await group.getByLabel(word('address.city', language)).fill(address.city);
  await group.getByLabel(word('address.state', language)).selectOption(address.state);
}

/**
 * The "Billing address" group: the name billed, then the address. The billing name follows the name typed
 * above it, folded behind "Billing name differs".
 */
export class BillingAddressFields {
  readonly group: Locator;
  readonly nameDiffers: Locator;
  readonly name: Locator;

  constructor(
    root: Root,
    private readonly language: Language = 'en',
  ) {
    this.group = root.getByRole('group', { name: word('address.billingLegend', language) });
    this.nameDiffers = this.group.getByRole('button', { name: word('address.billingNameDiffers', language) });
    this.name = this.group.getByLabel(word('address.billingName', language));
  }

  /** With a `name`, the shopper says the billing name differs and types it; without, it follows. */
  async fill(name: string | undefined, address: Address): Promise<void> {
    if (name !== undefined) {
      // The group comes with the form (PIX loads lazily): only then can the link be told absent.
      await this.group.waitFor();
      if (await this.nameDiffers.isVisible()) await this.nameDiffers.click();
      await this.name.fill(name);
    }
    await fillAddress(this.group, address, this.language);
  }
}

/** What a shopper does with a known CEP: types its digits, lets the lookup fill the street, adds the number. */
export async function fillAddressByCep(
  group: Locator,
  address: Address,
  language: Language = 'en',
): Promise<void> {
  await group.getByLabel(word('address.zipcode', language)).fill(address.zipcode.replace(/\D/g, ''));
  await expect(group.getByLabel(word('address.street', language))).toHaveValue(address.street);
  await group.getByLabel(word('address.streetNumber', language), { exact: true }).fill(address.number);
}
