import type { Locator, Page } from '@playwright/test';

/** The boleto method: the payer's form, then the boleto (line, barcode, PDF) and its paid or expired screens. */
export class BoletoPage {
  readonly line: Locator;
  readonly barcode: Locator;
  readonly pdf: Locator;

  constructor(
    readonly page: Page,
    readonly words: {
      method: string;
      submit: RegExp;
      lineLabel: string;
      copy: string;
      copied: string;
      barcode: RegExp;
      pdf: RegExp;
    },
  ) {
    this.line = page.getByLabel(words.lineLabel);
    this.barcode = page.getByRole('img', { name: words.barcode });
    this.pdf = page.getByRole('link', { name: words.pdf });
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 2, name });
  }

  async choose(): Promise<void> {
    await this.page.getByRole('radio', { name: this.words.method }).check();
  }

  /** The payer's details are the session customer's (filled and folded): only the button is pressed. */
  async generate(): Promise<void> {
    await this.page.getByRole('button', { name: this.words.submit }).click();
    await this.line.waitFor();
  }

  copyButton(): Locator {
    return this.page.getByRole('button', { name: this.words.copy });
  }

  copiedStatus(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.words.copied });
  }
}
