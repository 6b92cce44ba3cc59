import { expect, type Locator, type Page } from '@playwright/test';
import { CheckoutPage } from './checkout-page.ts';

/** A checkout session's page, `/pay/{id}`, and its 3DS return pages, by accessible names (English). */
export class SessionPage extends CheckoutPage {
  readonly summary: Locator;
  readonly backToShop: Locator;
  readonly cancelLink: Locator;
  readonly pendingBankHeading: Locator;
  readonly continueToBank: Locator;

  constructor(page: Page) {
    super(page);
    this.summary = page.getByRole('region', { name: 'Order summary' });
    this.backToShop = page.getByRole('link', { name: 'Back to the shop' });
    this.cancelLink = page.getByRole('link', { name: 'Cancel and go back to the shop' });
    this.pendingBankHeading = page.getByRole('heading', { name: 'Confirm this payment with your bank' });
    this.continueToBank = page.getByRole('link', { name: 'Continue to your bank' });
  }

  async open(sessionId: string, lang = 'en'): Promise<void> {
    await this.page.goto(`/pay/${sessionId}?lang=${lang}`);
  }

  /** Opens the link and waits for the payment form. */
  async openForm(sessionId: string, lang = 'en'): Promise<void> {
    await this.open(sessionId, lang);
    await expect(this.payButton).toBeVisible();
  }

  /** A page-level heading of the session screens (expired, not valid…). */
  pageHeading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** What the page keeps in browser storage: the session flow keeps nothing. */
  async storageKeys(): Promise<string[]> {
    return this.page.evaluate(() => [...Object.keys(sessionStorage), ...Object.keys(localStorage)]);
  }
}
