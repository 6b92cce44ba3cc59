import { expect, type Locator, type Page } from '@playwright/test';

/** The return route (`/3ds/return`) the bank sends the shopper back to. */
export class ThreeDSReturnPage {
  constructor(readonly page: Page) {}

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  async expectAt(via: 'success' | 'fail'): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/3ds/return\\?ref=[0-9a-f]{32}&via=${via}`));
  }

  reference(): string | null {
    return new URL(this.page.url()).searchParams.get('ref');
  }
}
