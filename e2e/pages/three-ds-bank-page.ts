import { expect, type Locator, type Page } from '@playwright/test';

const LABELS = {
  en: {
    heading: 'Confirm your purchase',
    code: 'Verification code',
    authenticate: 'Authenticate',
    cancel: 'Cancel',
  },
  'pt-BR': {
    heading: 'Confirme sua compra',
    code: 'Código de verificação',
    authenticate: 'Autenticar',
    cancel: 'Cancelar',
  },
};

/** The mock's bank challenge page (`/mock-bank/challenge`), which speaks the browser's language. */
export class ThreeDSBankPage {
  readonly heading: Locator;
  readonly code: Locator;
  readonly authenticate: Locator;
  readonly cancel: Locator;

  constructor(
    readonly page: Page,
    language: keyof typeof LABELS,
  ) {
    const labels = LABELS[language];
    this.heading = page.getByRole('heading', { level: 1, name: labels.heading });
    this.code = page.getByLabel(labels.code);
    this.authenticate = page.getByRole('button', { name: labels.authenticate });
    this.cancel = page.getByRole('button', { name: labels.cancel });
  }

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/mock-bank\/challenge\?token=[0-9a-f]+$/);
    await expect(this.heading).toBeVisible();
  }

  async authenticateWith(code = '123456'): Promise<void> {
    await this.code.fill(code);
    await this.authenticate.click();
  }
}
