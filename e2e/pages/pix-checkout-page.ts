import { expect, type Page } from '@playwright/test';
import { PixForm } from '../models/pix-form.ts';
import type { Language } from '../words.ts';

/** The PIX form as the page itself (English labels unless told otherwise). */
export class PixCheckoutPage extends PixForm {
  /** The PIX method's radio. */
  readonly pixMethod = this.method;

  constructor(
    readonly page: Page,
    language: Language = 'en',
  ) {
    super(page, language);
  }

  /**
   * Chooses PIX, fills the form (delivery to the billing address, the form's default), asks for a code and
   * answers the transaction as the server returned it.
   */
  async createCode(): Promise<{ id: number; pix_qr_code: string }> {
    await this.pixMethod.check();
    await this.fillAll();
    const created = this.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/v1/transactions'),
    );
    await this.submit.click();
    return (await (await created).json()) as { id: number; pix_qr_code: string };
  }

  async goto(query = 'lang=en'): Promise<void> {
    await this.page.goto(`/?${query}`);
    await this.pixMethod.check();
    await expect(this.form).toBeVisible();
  }
}
