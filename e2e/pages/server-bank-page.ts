import { expect, type Locator, type Page } from '@playwright/test';

/** The checkout server's mock bank (`/__mock-gateway/mock-bank/challenge`), server-rendered, English. */
export class ServerBankPage {
  readonly heading: Locator;
  readonly approve: Locator;
  readonly decline: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Confirm your purchase' });
    this.approve = page.getByRole('button', { name: 'Approve' });
    this.decline = page.getByRole('button', { name: 'Decline' });
  }

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/__mock-gateway\/mock-bank\/challenge\?token=/);
    await expect(this.heading).toBeVisible();
  }
}
