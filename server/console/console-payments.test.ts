import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  consolePaymentDetailSchema,
  consolePaymentListSchema,
  consoleSummarySchema,
} from '../../contract/console/console-payments.ts';
import { boletoResultSchema } from '../../contract/boleto/boleto-model.ts';
import { shownPaymentStatus } from '../../contract/console/payment-status-words.ts';
import { queryRows } from '../db/query-rows.ts';
import { createConsoleUser, logInAs, type ConsoleBrowser } from '../test/console-helpers.ts';
import { approveChallenge, attemptOf, startThreeDS } from '../test/lifecycle-helpers.ts';
import { CARD, cardPayment, ORDER_AMOUNT } from '../test/payment-bodies.ts';
import { cellsOf, FORMULA } from '../test/csv-cells.ts';
import { call, createTestSession, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { suiteApp } from '../test/suite-app.ts';
import type { TestGateway } from '../test/test-gateway.ts';

describe.each(BOTH_DRIVERS)('console payments (%s)', { timeout: 30_000 }, (driver) => {
  let database: TestDatabase, t: TestApp, gateway: TestGateway;
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (s) => ({ database, t, gateway } = s));

  async function browsers(): Promise<Record<'owner' | 'staff' | 'viewer', ConsoleBrowser>> {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    await createConsoleUser(database.db, 'caio@loja.test', 'viewer');
    return {
      owner: await logInAs(t.app, 'ana@loja.test'),
      staff: await logInAs(t.app, 'bia@loja.test'),
      viewer: await logInAs(t.app, 'caio@loja.test'),
    };
  }

  /** A card payment paid at once, on a session with this reference. */
  async function paidCard(reference: string): Promise<string> {
    const { id } = await createTestSession(t.app, { reference });
    const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    expect(paid.status).toBe(200);
    return (await attemptOf(database.db, id)).id;
  }

  /** An authorised 3DS payment of a manual-capture session. */
  async function authorised(): Promise<{ id: string; sessionId: string }> {
    const { sessionId, token } = await startThreeDS(t.app, { capture: 'manual' });
    await approveChallenge(gateway.url, token);
    await call(t.app, 'GET', `/api/pay/${sessionId}`);
    const attempt = await attemptOf(database.db, sessionId);
    expect(attempt.status).toBe('authorized');
    return { id: attempt.id, sessionId };
  }

  const list = async (browser: ConsoleBrowser, query: string) => {
    const answer = await browser.call('GET', `/api/console/payments${query}`);
    expect(answer.status).toBe(200);
    return consolePaymentListSchema.parse(answer.json);
  };

  it('keeps brand, last four, payer and ref_id on the payment — never the card number, CVV or expiry', async () => {
    const { viewer } = await browsers();
    const { id } = await authorised();
    const [row] = await queryRows(
      database.db,
      sql`select card_brand, card_last4, payer_name, payer_email, gateway_ref_id, payment_attempts::text as whole
          from payment_attempts where id = ${id}`,
    );
    expect(row).toMatchObject({
      card_last4: '1111',
      payer_email: 'maria@example.com',
      payer_name: 'Maria Silva',
    });
    expect(String(row?.gateway_ref_id)).toMatch(/^\d{10}$/);
    expect(typeof row?.card_brand).toBe('string');
    expect(String(row?.whole)).not.toContain(CARD.card_number);
    expect(String(row?.whole)).not.toContain(CARD.card_cvv);
    const found = await list(viewer, `?q=${String(row?.gateway_ref_id)}`);
    expect(found.data.map((payment) => payment.id)).toEqual([id]);
  });

  it('finds a payment by reference, e-mail, last four, ids and CPF; the CPF is masked in the list', async () => {
    const { viewer } = await browsers();
    const first = await paidCard('pedido-1');
    const second = await paidCard('pedido-2');
    const { id: threeDS, sessionId } = await authorised();
    const ids = async (q: string) =>
      (await list(viewer, `?q=${encodeURIComponent(q)}`)).data.map((p) => p.id);
    expect(await ids('pedido-2')).toEqual([second]);
    expect(await ids('MARIA@example.com')).toEqual([threeDS]);
    expect(await ids(first)).toEqual([first]);
    expect(await ids(sessionId)).toEqual([threeDS]);
    expect((await ids('1111')).sort()).toEqual([first, second, threeDS].sort());
    const attempt = await attemptOf(database.db, sessionId);
    expect(await ids(String(attempt.transactionId))).toEqual([threeDS]);
    expect(await ids('nothing-like-this')).toEqual([]);
    // The start of a reference, an e-mail or a name (3 characters or more); % and _ are plain characters.
    expect((await ids('pedido-')).sort()).toEqual([first, second].sort());
    expect(await ids('pedido_')).toEqual([]);
    expect(await ids('pedido%')).toEqual([]);
    expect(await ids('maria@exa')).toEqual([threeDS]);
    expect(await ids('MARIA S')).toContain(threeDS);
    expect(await ids('pe')).toEqual([]);
    // The start of what was sold: an item's title, whatever its case.
    expect((await ids('TÊNIS de')).sort()).toEqual([first, second, threeDS].sort());
    expect(await ids('corrida')).toEqual([]);
    const all = await list(viewer, '');
    expect(all.totals).toMatchObject({ count: 3 });
    expect(all.data[0]?.items).toEqual([
      { title: 'Tênis de corrida', quantity: 1 },
      { title: 'Meias', quantity: 2 },
    ]);
    expect(all.data[0]?.payment_link_title).toBeNull();
    for (const payment of all.data) expect(payment.payer_document ?? '***').toMatch(/\*/);
  });

  it('filters by status, method, dates and amounts; pages with a cursor; totals cover every page', async () => {
    const { viewer } = await browsers();
    for (let i = 0; i < 5; i += 1) await paidCard(`pedido-${i}`);
    const first = await list(viewer, '?limit=2&status=paid&method=credit_card');
    expect(first.data).toHaveLength(2);
    expect(first.totals).toEqual({
      count: 5,
      amount: 5 * ORDER_AMOUNT,
      captured_amount: 5 * ORDER_AMOUNT,
      refunded_amount: 0,
    });
    const second = await list(viewer, `?limit=2&status=paid&cursor=${first.next_cursor ?? ''}`);
    const third = await list(viewer, `?limit=2&status=paid&cursor=${second.next_cursor ?? ''}`);
    expect(third.next_cursor).toBeNull();
    const seen = [...first.data, ...second.data, ...third.data].map((p) => p.id);
    expect(new Set(seen).size).toBe(5);
    expect((await list(viewer, '?method=pix')).totals.count).toBe(0);
    expect((await list(viewer, `?amount_min=${ORDER_AMOUNT + 1}`)).totals.count).toBe(0);
    expect((await list(viewer, `?amount_max=${ORDER_AMOUNT}`)).totals.count).toBe(5);
    expect((await list(viewer, '?to=2000-01-01')).totals.count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(viewer, `?from=${today}&to=${today}`)).totals.count).toBe(5);
    expect((await viewer.call('GET', '/api/console/payments?from=yesterday')).status).toBe(400);
    expect((await viewer.call('GET', '/api/console/payments?cursor=nope')).status).toBe(400);
    expect((await viewer.call('GET', '/api/console/payments?amount_min=9&amount_max=1')).status).toBe(400);
  });

  it('captures partially and refunds, idempotently, for staff; viewers are refused; each try is audited', async () => {
    const { staff, viewer } = await browsers();
    const { id } = await authorised();
    const detail = consolePaymentDetailSchema.parse(
      (await viewer.call('GET', `/api/console/payments/${id}`)).json,
    );
    expect(detail.capture).toEqual({ allowed: false, max_amount: ORDER_AMOUNT, reason: 'role' });
    const staffView = consolePaymentDetailSchema.parse(
      (await staff.call('GET', `/api/console/payments/${id}`)).json,
    );
    expect(staffView.capture).toEqual({ allowed: true, max_amount: ORDER_AMOUNT, reason: null });
    expect(staffView.refund.allowed).toBe(false);

    const captureBody = { amount: 10_000, idempotency_key: 'dialog-capture-1' };
    expect(
      (await viewer.call('POST', `/api/console/payments/${id}/capture`, { body: captureBody })).status,
    ).toBe(403);
    expect(
      (await viewer.call('POST', `/api/console/payments/${id}/refund`, { body: captureBody })).status,
    ).toBe(403);
    const captured = await staff.call('POST', `/api/console/payments/${id}/capture`, { body: captureBody });
    expect(captured.status).toBe(200);
    const again = await staff.call('POST', `/api/console/payments/${id}/capture`, { body: captureBody });
    expect(again.json).toEqual(captured.json);
    expect(gateway.requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1);

    const tooMuch = await staff.call('POST', `/api/console/payments/${id}/refund`, {
      body: { amount: 10_001, idempotency_key: 'dialog-refund-0' },
    });
    expect(tooMuch.status).toBe(400);
    const refunded = await staff.call('POST', `/api/console/payments/${id}/refund`, {
      body: { amount: 2_500, idempotency_key: 'dialog-refund-1' },
    });
    expect(refunded.status).toBe(200);
    const after = consolePaymentDetailSchema.parse(
      (await staff.call('GET', `/api/console/payments/${id}`)).json,
    );
    expect(after.payment).toMatchObject({ captured_amount: 10_000, refunded_amount: 2_500 });
    expect(after.refund).toEqual({ allowed: true, max_amount: 7_500, reason: null });
    // Shown as partly refunded, and found by that filter, no longer by "paid".
    expect(shownPaymentStatus(after.payment)).toBe('partially_refunded');
    const listed = async (status: string) =>
      consolePaymentListSchema
        .parse((await staff.call('GET', `/api/console/payments?status=${status}`)).json)
        .data.map((payment) => payment.id);
    expect(await listed('partially_refunded')).toContain(id);
    expect(await listed('paid')).not.toContain(id);
    expect(await listed('refunded')).not.toContain(id);
    expect(after.operations.map((op) => op.kind)).toEqual(['capture', 'refund']);
    expect(after.timeline.some((entry) => entry.origin === 'gateway')).toBe(true);
    expect(after.events.length).toBeGreaterThan(0);

    const audit = await queryRows(
      database.db,
      sql`select user_email, action, target_id, detail from console_audit_log
          where action like 'payment.%' order by id`,
    );
    expect(
      audit.map((row) => [row.user_email, row.action, (row.detail as { outcome: string }).outcome]),
    ).toEqual([
      ['bia@loja.test', 'payment.capture', 'done'],
      ['bia@loja.test', 'payment.capture', 'replayed'],
      ['bia@loja.test', 'payment.refund', 'refused'],
      ['bia@loja.test', 'payment.refund', 'done'],
    ]);
    expect(audit.every((row) => row.target_id === id)).toBe(true);
  });

  it('exports the filtered payments as CSV, streamed in batches: every row once, amounts in reais', async () => {
    const { viewer } = await browsers();
    const { id: sessionId } = await createTestSession(t.app, { reference: '-2-3' });
    // 2 345 paid payments of one session: more than two batches of the export.
    await database.db.execute(sql`
      insert into payment_attempts (id, session_id, payment_method, amount, installments, status, captured_amount,
                                    payer_email, created_at, updated_at)
      select 'pa_bulk_' || n, ${sessionId}, 'credit_card', 1000 + n, 1, 'paid', 1000 + n,
             'bulk' || n || '@example.com', now() - n * interval '1 second', now()
      from generate_series(1, 2345) as n`);
    // Receivables (issue 43): two installments with their fees (the sums), one installment whose fee the gateway
    // did not give (fee unknown: empty cells), and a canceled one (not counted).
    await database.db.execute(sql`
      insert into receivables (id, attempt_id, installment, installments, payment_method, expected_on, gross_amount,
                               fee_amount, net_amount, status)
      values ('rcv_a', 'pa_bulk_2', 1, 2, 'credit_card', '2026-12-01', 501, 20, 481, 'paid'),
             ('rcv_b', 'pa_bulk_2', 2, 2, 'credit_card', '2027-01-01', 501, 20, 481, 'expected'),
             ('rcv_x', 'pa_bulk_2', 3, 3, 'credit_card', '2027-02-01', 501, 20, 481, 'canceled'),
             ('rcv_c', 'pa_bulk_3', 1, 1, 'credit_card', '2026-12-01', 1003, null, null, 'expected')`);
    const answer = await viewer.call('GET', '/api/console/payments/export.csv?status=paid');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const text = String(answer.json);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'created_at (America/Sao_Paulo),payment_id,reference,items,payment_link,status,payment_method,amount,captured_amount,refunded_amount,fee_amount,net_amount,payer_name,payer_email,payer_document,card_brand,card_last4,ref_id,transaction_id,session_id',
    );
    expect(lines).toHaveLength(2346);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[1])).size).toBe(2345);
    // The newest first; a formula-looking reference is defused; amounts in reais; what was sold; the date on the
    // shop's clock (São Paulo, UTC−3), as a spreadsheet reads a date.
    expect(lines[1]).toContain(`,pa_bulk_1,'-2-3,`);
    expect(lines[1]).toContain(`,paid,credit_card,10.01,10.01,0.00,,,,bulk1@example.com`);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
    expect(lines[2]).toContain(`,10.02,10.02,0.00,0.40,9.62,,bulk2@example.com`);
    expect(lines[3]).toContain(`,10.03,10.03,0.00,,,,bulk3@example.com`);
    const [bulk1] = await queryRows(
      database.db,
      sql`select to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD HH24:MI:SS') as local
          from payment_attempts where id = 'pa_bulk_1'`,
    );
    expect(lines[1]?.startsWith(`${String(bulk1?.local)},`)).toBe(true);
    const comma = String(
      (await viewer.call('GET', '/api/console/payments/export.csv?q=bulk7@example.com&decimal=comma')).json,
    )
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    // The Brazilian export: Portuguese headers, statuses and methods, dd/mm/yyyy dates, decimal commas.
    expect(comma[0]).toBe(
      'Data (America/Sao_Paulo);Id do pagamento;Pedido;Itens;Link de pagamento;Status;Forma de pagamento;Valor;Capturado;Reembolsado;Taxa;Líquido;Pagador;E-mail;CPF/CNPJ;Bandeira;Final do cartão;Referência (vista pelo comprador);Transação no gateway;Sessão',
    );
    expect(comma[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};pa_bulk_7;/);
    expect(comma[1]).toContain(';Pago;Cartão de crédito;10,07;10,07;0,00;;;');
    const audit = await queryRows(
      database.db,
      sql`select action from console_audit_log where action = 'payment.export'`,
    );
    expect(audit).toHaveLength(2);
    expect((await viewer.call('GET', '/api/console/payments/export.csv?from=nope')).status).toBe(400);
  });

  it('both exports quote and defuse what people typed: a holder name ";=1+1" is never a formula', async () => {
    const { viewer } = await browsers();
    const names = [';=1+1', '-2+3', '@SUM(A1)', ' =x', 'Ana "Nina", Souza'];
    for (const [index, name] of names.entries()) {
      const { id } = await createTestSession(t.app, { reference: `pedido-csv-${index}` });
      const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, {
        body: cardPayment({ card: { ...CARD, card_holder_name: name } }),
      });
      expect(paid.status).toBe(200);
    }
    for (const [decimal, separator, payerHeader] of [
      ['dot', ',', 'payer_name'],
      ['comma', ';', 'Pagador'],
    ] as const) {
      const answer = await viewer.call('GET', `/api/console/payments/export.csv?decimal=${decimal}`);
      expect(answer.status).toBe(200);
      const lines = String(answer.json)
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      const header = cellsOf(lines[0] ?? '', separator);
      const rows = lines.slice(1).map((line) => cellsOf(line, separator));
      expect(rows).toHaveLength(names.length);
      for (const row of rows) expect(row).toHaveLength(header.length);
      const payers = rows.map((row) => row[header.indexOf(payerHeader)]);
      // (The payer's name is kept trimmed: ` =x` is `=x`.)
      expect(payers.sort()).toEqual([`';=1+1`, `'-2+3`, `'@SUM(A1)`, `'=x`, 'Ana "Nina", Souza'].sort());
      // A spreadsheet splitting the file on the other separator (pt-BR: `;`) finds no formula either.
      const other = separator === ',' ? ';' : ',';
      for (const line of lines.slice(1))
        for (const cell of cellsOf(line, other)) expect(cell).not.toMatch(FORMULA);
      // Amounts stay numbers: `165.90`, or `165,90` unquoted in the `;` export.
      expect(lines[1]).toContain(decimal === 'dot' ? ',165.90,165.90,0.00,' : ';165,90;165,90;0,00;');
    }
  });

  it("sums today's and 30 days' gross and net by method, with the approval rate and a daily series", async () => {
    const { viewer } = await browsers();
    await paidCard('pedido-home');
    const summary = consoleSummarySchema.parse((await viewer.call('GET', '/api/console/summary')).json);
    expect(summary.today).toMatchObject({
      count: 1,
      gross: ORDER_AMOUNT,
      refunds: 0,
      net: ORDER_AMOUNT,
      approval_rate: 1,
    });
    expect(summary.today.by_method.credit_card).toEqual({ count: 1, gross: ORDER_AMOUNT });
    expect(summary.last_30_days.count).toBe(1);
    expect(summary.daily).toHaveLength(30);
    expect(summary.daily.at(-1)?.gross).toBe(ORDER_AMOUNT);
  });

  it('shows a boleto like the others: found by e-mail, method boleto, due date, its line, paid late or not', async () => {
    const { viewer } = await browsers();
    const { id: sessionId } = await createTestSession(t.app, {
      reference: 'pedido-boleto',
      methods: ['credit_card', 'boleto'],
    });
    const issued = await call(t.app, 'POST', `/api/pay/${sessionId}/boleto`, {
      body: {
        payer: {
          name: 'Joana Souza',
          document: { type: 'cpf', number: '12345678909' },
          email: 'joana@example.com',
          address: {
            street: 'Avenida Paulista',
            street_number: '1000',
            neighborhood: 'Bela Vista',
            city: 'São Paulo',
            state: 'SP',
            zipcode: '01310100',
          },
        },
      },
    });
    expect(issued.status).toBe(200);
    const boleto = boletoResultSchema.parse(issued.json);
    const found = await list(viewer, `?q=${encodeURIComponent('joana@example.com')}`);
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({
      payment_method: 'boleto',
      status: 'waiting_payment',
      payer_email: 'joana@example.com',
      boleto: { due_date: boleto.due_date, paid_late: false },
    });
    expect((await list(viewer, '?method=boleto')).data.map((p) => p.id)).toEqual([found.data[0]?.id]);
    const detail = consolePaymentDetailSchema.parse(
      (await viewer.call('GET', `/api/console/payments/${found.data[0]?.id ?? ''}`)).json,
    );
    expect(detail.boleto).toEqual({
      due_date: boleto.due_date,
      digitable_line: boleto.digitable_line,
      paid_late: false,
      paid_at: null,
    });
    expect(detail.pix).toBeNull();
    // A card payment has no boleto facts.
    const card = await paidCard('pedido-cartao');
    expect((await list(viewer, `?q=${card}`)).data[0]?.boleto).toBeNull();
  });

  it('answers 404 for an unknown payment and 400 for a body without a key', async () => {
    const { staff } = await browsers();
    expect((await staff.call('GET', '/api/console/payments/pa_nope')).status).toBe(404);
    expect(
      (
        await staff.call('POST', '/api/console/payments/pa_nope/capture', {
          body: { idempotency_key: 'k-12345678' },
        })
      ).status,
    ).toBe(404);
    expect((await staff.call('POST', '/api/console/payments/pa_nope/capture', { body: {} })).status).toBe(
      400,
    );
  });
});
