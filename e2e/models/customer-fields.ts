import type { Locator } from '@playwright/test';
import type { Shopper } from '../test-shoppers.ts';
import { word, type Language } from '../words.ts';
import type { Root } from './root.ts';

/**
 * The "Your details" group (card with 3DS, PIX): name, email, CPF or CNPJ, phone. With 3DS the name is the
 * card's and is not asked; the phone only when the session asks it: what is not shown is not typed.
 */
export class CustomerFields {
  readonly group: Locator;

  constructor(
    root: Root,
    private readonly language: Language = 'en',
  ) {
    this.group = root.getByRole('group', { name: word('customer.legend', language) });
  }

  async fill(shopper: Shopper): Promise<void> {
    const label = (key: Parameters<typeof word>[0]) => this.group.getByLabel(word(key, this.language));
    // The group comes with the form (PIX loads lazily): only then can a field be told absent.
    await this.group.waitFor();
    const name = label('customer.name');
    if (await name.isVisible()) await name.fill(shopper.name);
    await label('customer.email').fill(shopper.email);
    await label('customer.taxId').fill(shopper.taxId);
    const phone = label('customer.phone');
    if (await phone.isVisible()) await phone.fill(shopper.phone);
  }
}
