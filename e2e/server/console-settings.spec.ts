import { expect, test, type Browser } from '@playwright/test';
import { totpAt } from '../../server/console/totp.ts';
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
  test(`an owner adds users (password shown once) and a new owner turns on two-step verification (${viewport.name}, ${viewport.locale})`, async ({
    browser,
  }) => {
    const pt = viewport.locale === 'pt-BR';
    const stamp = `${Date.now()}-${viewport.name}`;
    const settings = pt ? /^Configurações$/ : /^Settings$/;
    let console = await loggedIn(browser, viewport, CONSOLE_USERS.owner);
    const team = () =>
      console.page
        .getByRole('table', { name: pt ? 'Usuários do console' : 'Console users' })
        .locator('tbody tr');
    let page = console.page;
    await console.goTo(settings);
    await expect(page.getByRole('heading', { level: 2, name: pt ? 'Equipe' : 'Team' })).toBeVisible();
    await expect(team().filter({ hasText: CONSOLE_USERS.viewer.email })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: pt ? 'Registro de auditoria' : 'Audit log' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // A typo is caught before anything is sent.
    const email = page.getByLabel('E-mail', { exact: true });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: pt ? 'Adicionar' : 'Add', exact: true }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();

    // The owner adds a viewer: the generated password is shown once, with what to do with it.
    // Adding a user asks the owner's password again.
    const viewerEmail = `viewer-${stamp}@e2e.example.com`;
    await console.addUser({ email: viewerEmail, role: 'viewer' }, CONSOLE_USERS.owner.password, pt);
    const passwordTitle = new RegExp(pt ? `Senha de ${viewerEmail}` : `Password for ${viewerEmail}`);
    const password = await console.revealedSecret(passwordTitle);
    expect(password.length).toBeGreaterThanOrEqual(12);
    await expect(page.getByRole('region', { name: passwordTitle })).toContainText(
      pt ? 'Ela não será mostrada de novo.' : 'It will not be shown again.',
    );
    await expect(team().filter({ hasText: viewerEmail })).toContainText(pt ? 'Leitura' : 'Viewer');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `settings-team-${viewport.name}.png`);
    await console.forgetSecret(passwordTitle);
    await page.reload();
    await expect(page.getByRole('region', { name: passwordTitle })).toHaveCount(0);

    // The audit log says who added whom.
    await expect(
      page
        .locator('table.payments tbody tr')
        .filter({ hasText: pt ? 'Adicionou usuário' : 'Added a user' })
        .first(),
    ).toContainText(CONSOLE_USERS.owner.email);

    // A second owner, to turn two-step on without changing the owner the other specs log in as.
    const ownerEmail = `owner-${stamp}@e2e.example.com`;
    await console.addUser({ email: ownerEmail, role: 'owner' }, CONSOLE_USERS.owner.password, pt);
    const ownerPassword = await console.revealedSecret(
      new RegExp(pt ? `Senha de ${ownerEmail}` : `Password for ${ownerEmail}`),
    );

    // The new viewer logs in with the password passed on: their account, no team, no audit log.
    console = await loggedIn(browser, viewport, { email: viewerEmail, password });
    page = console.page;
    await console.goTo(settings);
    await expect(console.fact('E-mail')).toHaveText(viewerEmail);
    await expect(page.getByRole('heading', { level: 2, name: pt ? 'Equipe' : 'Team' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: /Audit|auditoria/ })).toHaveCount(0);

    // The new owner turns on two-step verification with a code computed from the key shown.
    console = await loggedIn(browser, viewport, { email: ownerEmail, password: ownerPassword });
    page = console.page;
    await console.goTo(settings);
    await page.getByRole('button', { name: pt ? 'Ativar' : 'Turn on', exact: true }).click();
    await expect(page.getByRole('img', { name: pt ? /QR code/ : /QR code/ })).toBeVisible();
    const secret = await page
      .getByLabel(pt ? 'Chave para digitar no aplicativo' : 'Key to type in the app')
      .inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `settings-totp-${viewport.name}.png`);
    const code = page.getByLabel(pt ? 'Código de 6 dígitos' : '6-digit code');
    // Turning it on asks the password again (a sensitive change).
    await page.getByLabel(pt ? 'Sua senha' : 'Your password', { exact: true }).fill(ownerPassword);
    const right = totpAt(secret, new Date());
    // A wrong code (±3 steps away from any accepted one) is refused plainly; the key stays on screen.
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    await code.fill(wrong);
    await page.getByRole('button', { name: pt ? 'Confirmar' : 'Confirm' }).click();
    await expect(
      page.getByText(
        pt ? 'Esse código não está certo. Tente o próximo.' : 'That code is not right. Try the next one.',
      ),
    ).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await code.fill(totpAt(secret, new Date()));
    await page.getByRole('button', { name: pt ? 'Confirmar' : 'Confirm' }).click();
    await expect(page.getByText(pt ? /^Ativada\. Ao entrar/ : /^On\. When you log in/)).toBeVisible();
    await expect(team().filter({ hasText: ownerEmail })).toContainText(pt ? 'Ativada' : 'On');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `settings-totp-on-${viewport.name}.png`);

    // A code is good once: the next step's (accepted for clock drift) stands for the app's next code.
    const nextCode = (key: string) => totpAt(key, new Date(Date.now() + 30_000));
    // Replacing the key asks a code from the new key, the password and a code from the current key.
    await page.getByRole('button', { name: pt ? 'Trocar chave' : 'Replace key', exact: true }).click();
    const replacement = await page
      .getByLabel(pt ? 'Chave para digitar no aplicativo' : 'Key to type in the app')
      .inputValue();
    expect(replacement).not.toBe(secret);
    await code.fill(totpAt(replacement, new Date()));
    await page.getByLabel(pt ? 'Sua senha' : 'Your password', { exact: true }).fill(ownerPassword);
    await page.getByRole('button', { name: pt ? 'Confirmar' : 'Confirm' }).click();
    const currentCode = page.getByLabel(pt ? 'Código da chave atual' : 'Code from your current key');
    await expect(currentCode).toHaveAttribute('aria-invalid', 'true');
    await expect(currentCode).toBeFocused();
    await expectNoAxeViolations(page);
    await currentCode.fill(nextCode(secret));
    await page.getByRole('button', { name: pt ? 'Confirmar' : 'Confirm' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: pt ? /^Chave trocada\./ : /^Key replaced\./ }),
    ).toBeVisible();

    // Turning it off asks the password and a current code; a wrong password is said on its field.
    await page.getByRole('button', { name: pt ? 'Desativar' : 'Turn off', exact: true }).click();
    const offForm = page.getByRole('form', {
      name: pt ? 'Desativar a verificação em duas etapas' : 'Turn off two-step verification',
    });
    const offPassword = offForm.getByLabel(pt ? 'Sua senha' : 'Your password', { exact: true });
    await expect(offPassword).toBeFocused();
    await offPassword.fill('not the password');
    await offForm
      .getByLabel(pt ? 'Código do aplicativo autenticador' : 'Code from your authenticator app')
      .fill(nextCode(replacement));
    await offForm.getByRole('button', { name: pt ? 'Desativar' : 'Turn off', exact: true }).click();
    await expect(
      offForm.getByText(pt ? 'A senha não está certa.' : 'That password is not right.'),
    ).toBeVisible();
    await expect(offPassword).toBeFocused();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `settings-totp-off-form-${viewport.name}.png`);
    await offPassword.fill(ownerPassword);
    await offForm.getByRole('button', { name: pt ? 'Desativar' : 'Turn off', exact: true }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: pt ? 'Verificação em duas etapas desativada.' : 'Two-step verification is off.' }),
    ).toBeVisible();
    await expect(team().filter({ hasText: ownerEmail })).toContainText(pt ? 'Desativada' : 'Off');
  });
}
