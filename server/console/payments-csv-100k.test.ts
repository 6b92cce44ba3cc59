import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cellsOf } from '../test/csv-cells.ts';
import { createConsoleUser, logInAs } from '../test/console-helpers.ts';
import { createTestSession, PUBLIC_URL, type TestApp } from '../test/test-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { suiteApp } from '../test/suite-app.ts';

const ROWS = 100_000;

// The size merchants export: 100 000 payments (about 9 MB of CSV) streamed in batches, each row once, in
// order, the amounts adding up to the cent.
describe.each(DRIVERS)('console CSV export of 100 000 payments (%s)', { timeout: 180_000 }, (driver) => {
  let database: TestDatabase, t: TestApp;
  suiteApp(driver, {}, (s) => ({ database, t } = s));

  it('writes every payment once, newest first, with the right total, a batch at a time', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'viewer');
    const viewer = await logInAs(t.app, 'ana@loja.test');
    const { id: sessionId } = await createTestSession(t.app, { reference: 'pedido-100k' });
    await database.db.execute(sql`
      insert into payment_attempts (id, session_id, payment_method, amount, installments, status, captured_amount,
                                    payer_email, created_at, updated_at)
      select 'pa_big_' || n, ${sessionId}, 'pix', 100 + (n % 900), 1, 'paid', 100 + (n % 900),
             'big' || n || '@example.com', now() - n * interval '1 second', now()
      from generate_series(1, ${ROWS}) as n`);

    const response = await t.app.request(
      '/api/console/payments/export.csv?status=paid',
      { headers: { cookie: `console_session=${viewer.cookie}`, origin: PUBLIC_URL } },
      { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
    );
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let rest = '';
    let lines = 0;
    let cents = 0;
    let previous = 0;
    let ordered = true;
    let chunks = 0;
    let amountAt = -1;
    const ids = new Set<string>();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      chunks++;
      rest += decoder.decode(chunk.value, { stream: true });
      const parts = rest.split('\r\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines++;
        // Cells by the header's names: items hold commas, quoted (cellsOf reads them as a spreadsheet does).
        const cells = cellsOf(line, ',');
        if (lines === 1) {
          amountAt = cells.indexOf('amount');
          continue;
        }
        const id = cells[1] ?? '';
        ids.add(id);
        const n = Number(id.slice('pa_big_'.length));
        if (n < previous) ordered = false;
        previous = n;
        cents += Math.round(Number(cells[amountAt]) * 100);
      }
    }
    expect(rest).toBe('');
    expect(lines).toBe(ROWS + 1);
    expect(ids.size).toBe(ROWS);
    expect(ordered).toBe(true);
    let expected = 0;
    for (let n = 1; n <= ROWS; n++) expected += 100 + (n % 900);
    expect(cents).toBe(expected);
    // Streamed: written a batch at a time (1 000 rows), never as one answer.
    expect(chunks).toBeGreaterThanOrEqual(ROWS / 1000);
  });
});
