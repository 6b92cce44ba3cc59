import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { cellsOf, FORMULA } from '../../server/test/csv-cells.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS } from '../server-origins.ts';
import { createSession, payByCard, shoesOrder } from './merchant-api.ts';

test.describe.configure({ timeout: 90_000 });

/** What a spreadsheet would run if it were written as typed: the card holder's name of the payment. */
const HOLDER = ';=1+1';

test('a holder name ";=1+1" is exported as text in both CSV files, never as a formula', async ({
  page,
  request,
}) => {
  // A card paid at once, as the shopper's browser pays it: no customer, so the payer is the card holder.
  const session = await createSession(request, shoesOrder());
  await payByCard(request, session, { holder: HOLDER, extra: { descriptor: session.descriptor } });

  const console = new ConsoleModel(page);
  await console.open();
  await console.logIn(CONSOLE_USERS.viewer.email, CONSOLE_USERS.viewer.password);
  await console.goToPayments();
  await console.search(session.reference);
  await expect(console.rows).toHaveCount(1);
  await expect(console.rows.first()).toContainText(HOLDER);

  for (const [link, separator, names] of [
    ['Export CSV', ',', { payer: 'payer_name', reference: 'reference' }],
    ['Export CSV (decimal comma)', ';', { payer: 'Pagador', reference: 'Pedido' }],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: link, exact: true }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    const [header, row] = lines.map((line) => cellsOf(line, separator));
    expect(row).toHaveLength(header?.length ?? 0);
    // The cell reads as typed, behind the `'` that keeps a spreadsheet from running it.
    expect(row?.[header?.indexOf(names.payer) ?? -1]).toBe(`'${HOLDER}`);
    expect(row?.[header?.indexOf(names.reference) ?? -1]).toBe(session.reference);
    // A spreadsheet splitting the file on the other separator (pt-BR opens a comma file on `;`): no formula.
    for (const cell of cellsOf(lines[1] ?? '', separator === ',' ? ';' : ','))
      expect(cell).not.toMatch(FORMULA);
  }
});
