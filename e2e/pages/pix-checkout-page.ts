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

  async goto(query = 'lang=en'): Promise<void> {
    await this.page.goto(`/?${query}`);
    await this.pixMethod.check();
    await expect(this.form).toBeVisible();
  }
}
