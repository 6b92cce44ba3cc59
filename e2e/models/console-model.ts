import { expect, type Locator, type Page } from '@playwright/test';

/** The merchant console as a person uses it: by labels and roles, in English or Portuguese. */
export class ConsoleModel {
  constructor(readonly page: Page) {}

  async open(path = '/console'): Promise<void> {
    await this.page.goto(path);
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel(/^(E-mail)$/).fill(email);
    await this.page.getByLabel(/^(Password|Senha)$/).fill(password);
    await this.page.getByRole('button', { name: /^(Log in|Entrar)$/ }).click();
    await expect(this.nav).toBeVisible();
  }

  /** Log out from the header: the login page comes back, nothing of the last user's pages stays. */
  async logOut(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Log out|Sair)$/ }).click();
    await expect(this.page.getByRole('button', { name: /^(Log in|Entrar)$/ })).toBeVisible();
    await expect(this.nav).toBeHidden();
  }

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Console' });
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  async goToPayments(): Promise<void> {
    await this.nav.getByRole('link', { name: /^(Payments|Pagamentos)$/ }).click();
    await expect(this.heading(/^(Payments|Pagamentos)$/)).toBeVisible();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox').fill(text);
    await this.page.getByRole('button', { name: /^(Filter|Filtrar)$/ }).click();
  }

  /** The list's rows (a payment each), once loaded. */
  get rows(): Locator {
    return this.page.locator('table.payments tbody tr');
  }

  async openPayment(reference: string): Promise<void> {
    await this.page.getByRole('link', { name: reference }).click();
    await expect(this.heading(new RegExp(reference))).toBeVisible();
  }

  /** Capture or refund through the confirmation dialog, with the amount typed as the merchant would. */
  async operate(kind: 'Capture' | 'Refund', amountText: string): Promise<void> {
    await this.page.getByRole('button', { name: kind, exact: true }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Amount (R$)').fill(amountText);
    await dialog.getByRole('button', { name: new RegExp(`^${kind} R\\$`) }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByRole('status').filter({ hasText: /Done\.|Sent\./ })).toBeVisible();
  }

  fact(label: string): Locator {
    return this.page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  async chooseLanguage(locale: 'pt-BR' | 'en'): Promise<void> {
    await this.page.getByRole('combobox', { name: /^(Language|Idioma)$/ }).selectOption(locale);
    await expect(this.page.locator('html')).toHaveAttribute('lang', locale);
  }

  async goTo(section: RegExp): Promise<void> {
    await this.nav.getByRole('link', { name: section }).click();
    await expect(this.heading(section)).toBeVisible();
  }

  /** Customers: one search box (e-mail, CPF/CNPJ or the shop's id). */
  async findCustomer(text: string): Promise<void> {
    await this.page.getByRole('searchbox').fill(text);
    await this.page.getByRole('button', { name: /^(Search|Buscar)$/ }).click();
  }

  /** The one modal dialog open now. */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /**
   * An owner adds a user on the Settings page: the form names them, the dialog asks the owner's password
   * (a sensitive change) and the generated password is shown once.
   */
  async addUser(
    user: { email: string; role: 'owner' | 'staff' | 'viewer' },
    ownerPassword: string,
    pt: boolean,
  ): Promise<void> {
    await this.page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await this.page.getByLabel(pt ? 'Papel' : 'Role', { exact: true }).selectOption(user.role);
    await this.page.getByRole('button', { name: pt ? 'Adicionar' : 'Add', exact: true }).click();
    const dialog = this.dialog;
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(pt ? 'Sua senha' : 'Your password', { exact: true }).fill(ownerPassword);
    await dialog.getByRole('button', { name: pt ? 'Adicionar' : 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** A secret or key shown once: its value, read from the read-only field of the panel. */
  async revealedSecret(title: RegExp): Promise<string> {
    const panel = this.page.getByRole('region', { name: title });
    await expect(panel).toBeVisible();
    return panel.getByRole('textbox').inputValue();
  }

  async forgetSecret(title: RegExp): Promise<void> {
    await this.page
      .getByRole('region', { name: title })
      .getByRole('button', { name: /^(I have saved it|Já guardei)$/ })
      .click();
    await expect(this.page.getByRole('region', { name: title })).toHaveCount(0);
  }

  /** The Links page (issue 24), in either language. */
  async goToLinks(): Promise<void> {
    await this.nav.getByRole('link', { name: /^Links$/ }).click();
    await expect(this.heading(/^(Payment links|Links de pagamento)$/)).toBeVisible();
  }

  /** A fixed-price link through the create form; the live preview shows what the shopper will see. */
  async createLink(title: string, amountText: string, shownAmount: RegExp): Promise<void> {
    await this.page.getByRole('button', { name: /^(New link|Novo link)$/ }).click();
    const form = this.page.getByRole('region', { name: /^(New payment link|Novo link de pagamento)$/ });
    await form.getByLabel(/^(Title|Título)$/).fill(title);
    await form.getByLabel(/^(Item 1: price|Item 1: preço) \(R\$\)$/).fill(amountText);
    const preview = form.getByRole('complementary');
    await expect(preview).toContainText(title);
    await expect(preview).toContainText(shownAmount);
  }

  async submitLink(title: string): Promise<void> {
    await this.page.getByRole('button', { name: /^(Create link|Criar link)$/ }).click();
    await expect(this.page.getByRole('status').filter({ hasText: title })).toBeVisible();
  }

  /** A row of the links list or of the delivery log, found by text it holds. */
  row(text: string): Locator {
    return this.page.locator('table tbody tr').filter({ hasText: text });
  }

  async goToEvents(): Promise<void> {
    await this.nav.getByRole('link', { name: /^(Events|Eventos)$/ }).click();
    await expect(this.heading(/^(Events|Eventos)$/)).toBeVisible();
  }
}
