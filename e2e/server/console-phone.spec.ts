import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS } from '../server-origins.ts';
import { createSession, payByCard, shoesOrder } from './merchant-api.ts';

test.describe.configure({ timeout: 120_000 });

/** Every section of the console as its menu names it in Portuguese, and its page's heading (an owner sees all). */
const SECTIONS = [
  { menu: /^Início$/, heading: /^Início$/ },
  { menu: /^Pagamentos$/, heading: /^Pagamentos$/ },
  { menu: /^Links$/, heading: /^Links de pagamento$/ },
  { menu: /^Eventos$/, heading: /^Eventos$/ },
  { menu: /^Clientes$/, heading: /^Clientes$/ },
  { menu: /^Desenvolvedores$/, heading: /^Desenvolvedores$/ },
  { menu: /^Configurações$/, heading: /^Configurações$/ },
];

/** How far the page scrolls sideways: 0 when it fits the phone. */
function sidewaysScroll(page: ConsoleModel['page']): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('on a 360 px phone, in Portuguese, the menu shows every section and every page fits, axe clean', async ({
  page,
  request,
}) => {
  // A payment, so the list and the payment's page have something to show (items, status, amounts).
  const session = await createSession(request, shoesOrder());
  await payByCard(request, session);

  await page.setViewportSize({ width: 360, height: 780 });
  const console = new ConsoleModel(page);
  await console.open();
  await console.logIn(CONSOLE_USERS.owner.email, CONSOLE_USERS.owner.password);
  await console.chooseLanguage('pt-BR');

  // No section hidden behind a sideways scroll of the menu: each link lies inside the screen.
  for (const { menu } of SECTIONS) {
    await expect(console.nav.getByRole('link', { name: menu })).toBeInViewport({ ratio: 1 });
  }

  for (const { menu, heading } of SECTIONS) {
    await console.nav.getByRole('link', { name: menu }).click();
    await expect(console.heading(heading)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0);
    expect(await sidewaysScroll(page), `${String(heading)} scrolls sideways`).toBe(0);
    await expectNoAxeViolations(page);
  }

  await console.goToPayments();
  await console.search(session.reference);
  await console.openPayment(session.reference);
  await expect(console.fact('Itens')).toContainText('Running shoes');
  expect(await sidewaysScroll(page), 'the payment page scrolls sideways').toBe(0);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'console-payment-360-pt.png');
});
