import { expect, test, type Browser } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS, SERVER_ORIGIN } from '../server-origins.ts';

test.describe.configure({ timeout: 180_000 });

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 800, locale: 'pt-BR' },
  { name: 'desktop', width: 1280, height: 900, locale: 'en' },
] as const;

async function loggedIn(
  browser: Browser,
  viewport: (typeof VIEWPORTS)[number],
  user: { email: string; password: string },
): Promise<ConsoleModel> {
  const context = await browser.newContext({
    baseURL: SERVER_ORIGIN,
    viewport: { width: viewport.width, height: viewport.height },
  });
  const console = new ConsoleModel(await context.newPage());
  await console.open();
  await console.logIn(user.email, user.password);
  if (viewport.locale === 'pt-BR') await console.chooseLanguage('pt-BR');
  return console;
}

for (const viewport of VIEWPORTS) {
  test(`a user changes their password; an owner disables them (their open console logs out), enables them and resets their password (${viewport.name}, ${viewport.locale})`, async ({
    browser,
  }) => {
    const pt = viewport.locale === 'pt-BR';
    const settings = pt ? /^Configurações$/ : /^Settings$/;
    const shot = (console: ConsoleModel, name: string) =>
      keepScreenshot(console.page, `${name}-${viewport.name}.png`);

    // The owner adds a staff member, whose password is shown once.
    const owner = await loggedIn(browser, viewport, CONSOLE_USERS.owner);
    await owner.goTo(settings);
    const email = `staff-${Date.now()}-${viewport.name}@e2e.example.com`;
    // Adding a user asks the owner's password again: a wrong one is refused on the field, nobody is added.
    await owner.page.getByLabel('E-mail', { exact: true }).fill(email);
    await owner.page.getByLabel(pt ? 'Papel' : 'Role', { exact: true }).selectOption('staff');
    await owner.page.getByRole('button', { name: pt ? 'Adicionar' : 'Add', exact: true }).click();
    const addDialog = owner.dialog;
    await expect(addDialog).toHaveAccessibleName(pt ? `Adicionar ${email}?` : `Add ${email}?`);
    const addPassword = addDialog.getByLabel(pt ? 'Sua senha' : 'Your password', { exact: true });
    await expect(addPassword).toBeFocused();
    await addPassword.fill('not the owner password');
    await addDialog.getByRole('button', { name: pt ? 'Adicionar' : 'Add', exact: true }).click();
    await expect(
      addDialog.getByText(pt ? 'A senha não está certa.' : 'That password is not right.'),
    ).toBeVisible();
    await expect(addPassword).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(owner.page);
    await shot(owner, 'team-add-dialog');
    await addPassword.fill(CONSOLE_USERS.owner.password);
    await addDialog.getByRole('button', { name: pt ? 'Adicionar' : 'Add', exact: true }).click();
    await expect(addDialog).toBeHidden();
    const createdTitle = new RegExp(pt ? `Senha de ${email}` : `Password for ${email}`);
    const firstPassword = await owner.revealedSecret(createdTitle);
    await owner.forgetSecret(createdTitle);

    // They log in and change their password.
    const user = await loggedIn(browser, viewport, { email, password: firstPassword });
    const page = user.page;
    await user.goTo(settings);
    await page.getByRole('button', { name: pt ? 'Trocar senha' : 'Change password', exact: true }).click();
    const current = page.getByLabel(pt ? 'Senha atual' : 'Current password', { exact: true });
    const fresh = page.getByLabel(pt ? 'Nova senha' : 'New password', { exact: true });
    const repeat = page.getByLabel(pt ? 'Repita a nova senha' : 'Repeat the new password', { exact: true });
    const submit = page.getByRole('button', { name: pt ? 'Trocar senha' : 'Change password', exact: true });
    await expect(current).toBeFocused();
    // Nothing typed: the first field says what it needs and takes the focus.
    await submit.click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toBeFocused();
    await expect(
      page.getByText(pt ? 'Digite sua senha atual.' : 'Type your current password.'),
    ).toBeVisible();
    await expect(fresh).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    const newPassword = `a new passphrase for ${viewport.name}`;
    // A wrong current password: the server's refusal lands on that field.
    await current.fill('not my password at all');
    await fresh.fill(newPassword);
    await repeat.fill(newPassword);
    await submit.click();
    await expect(
      page.getByText(pt ? 'A senha não está certa.' : 'That password is not right.'),
    ).toBeVisible();
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    // The two new ones differ: caught before anything is sent.
    await current.fill(firstPassword);
    await repeat.fill(`${newPassword}!`);
    await submit.click();
    await expect(
      page.getByText(pt ? 'As duas senhas não são iguais.' : 'The two passwords are not the same.'),
    ).toBeVisible();
    await expect(repeat).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(user, 'account-password-errors');
    await repeat.fill(newPassword);
    await submit.click();
    await expect(
      page.getByRole('status').filter({
        hasText: pt
          ? 'Senha trocada. Suas outras sessões terminaram.'
          : 'Password changed. Your other sessions have ended.',
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: pt ? 'Trocar senha' : 'Change password' })).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(user, 'account-password-changed');
    // The new password logs in (a second browser); the old one no longer does.
    const second = await loggedIn(browser, viewport, { email, password: newPassword });

    // The owner disables them, confirming with the owner's password.
    const row = owner.page
      .getByRole('table', { name: pt ? 'Usuários do console' : 'Console users' })
      .locator('tbody tr')
      .filter({ hasText: email });
    await expect(row).toContainText(pt ? 'Ativo' : 'Active');
    await row.getByRole('button', { name: pt ? `Desativar ${email}` : `Disable ${email}` }).click();
    const dialog = owner.dialog;
    await expect(dialog).toBeVisible();
    const ownerPassword = dialog.getByLabel(pt ? 'Sua senha' : 'Your password', { exact: true });
    await expect(ownerPassword).toBeFocused();
    const confirm = dialog.getByRole('button', { name: pt ? 'Desativar' : 'Disable', exact: true });
    await ownerPassword.fill('not the owner password');
    await confirm.click();
    await expect(
      dialog.getByText(pt ? 'A senha não está certa.' : 'That password is not right.'),
    ).toBeVisible();
    await expect(ownerPassword).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(owner.page);
    await shot(owner, 'team-disable-dialog');
    await ownerPassword.fill(CONSOLE_USERS.owner.password);
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(
      owner.page
        .getByRole('status')
        .filter({ hasText: pt ? `${email} foi desativado` : `${email} is disabled` }),
    ).toBeVisible();
    await expect(row).toContainText(pt ? 'Desativado' : 'Disabled');
    await expect(
      row.getByRole('button', { name: pt ? `Desativar ${email}` : `Disable ${email}` }),
    ).toHaveCount(0);
    await expectNoAxeViolations(owner.page);
    await shot(owner, 'team-user-disabled');

    // Both of their open consoles are logged out at their next step, and they cannot log in again.
    for (const open of [user, second]) {
      await open.nav.getByRole('link', { name: pt ? 'Pagamentos' : 'Payments' }).click();
      await expect(
        open.page.getByText(pt ? 'Sua sessão terminou. Entre de novo.' : 'Your session ended. Log in again.'),
      ).toBeVisible();
      await expect(open.nav).toBeHidden();
    }
    await page.getByLabel(/^(E-mail)$/).fill(email);
    await page.getByLabel(/^(Password|Senha)$/).fill(newPassword);
    await page.getByRole('button', { name: /^(Log in|Entrar)$/ }).click();
    await expect(page.getByRole('alert')).toHaveText(
      pt
        ? 'Esta conta está desativada. Peça a um proprietário da loja para reativá-la.'
        : 'This account is disabled. Ask an owner of the shop to enable it.',
    );
    await expectNoAxeViolations(page);
    await shot(user, 'login-disabled');

    // The owner enables them again and gives them a new password, shown once.
    await row.getByRole('button', { name: pt ? `Reativar ${email}` : `Enable ${email}` }).click();
    await dialog
      .getByLabel(pt ? 'Sua senha' : 'Your password', { exact: true })
      .fill(CONSOLE_USERS.owner.password);
    await dialog.getByRole('button', { name: pt ? 'Reativar' : 'Enable', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(pt ? 'Ativo' : 'Active');
    await row
      .getByRole('button', { name: pt ? `Gerar nova senha para ${email}` : `Reset password for ${email}` })
      .click();
    await expect(dialog).toContainText(pt ? 'mostrada uma vez' : 'shown once');
    await dialog
      .getByLabel(pt ? 'Sua senha' : 'Your password', { exact: true })
      .fill(CONSOLE_USERS.owner.password);
    await dialog
      .getByRole('button', { name: pt ? 'Gerar nova senha' : 'Reset password', exact: true })
      .click();
    const resetTitle = new RegExp(pt ? `Nova senha de ${email}` : `New password for ${email}`);
    const resetPassword = await owner.revealedSecret(resetTitle);
    expect(resetPassword.length).toBeGreaterThanOrEqual(20);
    await expect(owner.page.getByRole('region', { name: resetTitle })).toBeFocused();
    await expectNoAxeViolations(owner.page);
    await shot(owner, 'team-password-reset');
    await owner.forgetSecret(resetTitle);
    await owner.page.reload();
    await expect(owner.page.getByRole('region', { name: resetTitle })).toHaveCount(0);

    // The reset password logs them in; the one they chose no longer does.
    await page.getByLabel(/^(Password|Senha)$/).fill(newPassword);
    await page.getByRole('button', { name: /^(Log in|Entrar)$/ }).click();
    await expect(page.getByRole('alert')).toHaveText(
      pt ? 'E-mail ou senha incorretos.' : 'Wrong e-mail or password.',
    );
    await page.getByLabel(/^(Password|Senha)$/).fill(resetPassword);
    await page.getByRole('button', { name: /^(Log in|Entrar)$/ }).click();
    await expect(user.nav).toBeVisible();

    // The owner makes them a viewer, confirming with the owner's password; their session ends.
    await row
      .getByRole('button', { name: pt ? `Mudar o papel de ${email}` : `Change the role of ${email}` })
      .click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(pt ? 'Novo papel' : 'New role', { exact: true }).selectOption('viewer');
    const rolePassword = dialog.getByLabel(pt ? 'Sua senha' : 'Your password', { exact: true });
    await rolePassword.fill('not the owner password');
    const changeRole = dialog.getByRole('button', { name: pt ? 'Mudar papel' : 'Change role', exact: true });
    await changeRole.click();
    await expect(
      dialog.getByText(pt ? 'A senha não está certa.' : 'That password is not right.'),
    ).toBeVisible();
    await expect(row).toContainText(pt ? 'Equipe' : 'Staff');
    await rolePassword.fill(CONSOLE_USERS.owner.password);
    await changeRole.click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(pt ? 'Leitura' : 'Viewer');
    await shot(owner, 'team-role-changed');
    // (They are on the payments list already: another page asks the server.)
    await user.nav.getByRole('link', { name: 'Links' }).click();
    await expect(
      page.getByText(pt ? 'Sua sessão terminou. Entre de novo.' : 'Your session ended. Log in again.'),
    ).toBeVisible();
  });
}
