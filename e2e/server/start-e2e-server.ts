import { createServer } from 'node:http';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { lookupMockCep } from '../../mock-core/cep-dataset.ts';
import {
  expireBoletoNow,
  getTransaction,
  listTransactions,
  payBoleto,
  setTransactionStatus,
} from '../../mock-core/gateway.ts';
import { mockGatewayNow } from '../../mock-core/store.ts';
import { readReceivablesOnce } from '../../server/receivables/read-receivables.ts';
import { readServerEnv } from '../../server/env.ts';
import { shutdownOnSignals } from '../../server/http/graceful-shutdown.ts';
import { createLogger } from '../../server/platform/logger.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { startServer } from '../../server/start-server.ts';
import { addConsoleUser } from '../../server/console/console-users.ts';
import { systemResolver } from '../../server/egress/egress-policy.ts';
import { deliverToEndpointsOnce } from '../../server/webhook-endpoints/endpoint-delivery.ts';
import { queueMailsOnce } from '../../server/mail/mail-queue.ts';
import { sendMailsOnce } from '../../server/mail/mail-worker.ts';
import { webhookEgress } from '../../server/webhook-endpoints/endpoint-egress.ts';
import { CONSOLE_USERS, PAYER_BANK_PORT, READABLE_TABLES, SERVER_DIST } from '../server-origins.ts';

/**
 * The checkout server as `npm run serve` runs it (production mode, the build in SERVER_DIST), for the
 * e2e specs in this folder; playwright.config.ts sets its environment and keeps its output.
 *
 * One addition for tests: the shopper's bank for PIX. Nobody can pay a mock PIX code from outside, so a
 * loopback-only endpoint of this process marks one paid in the in-process mock gateway — as the
 * designer panel's "Simulate payment" does in the browser mock. And one for reading what the server
 * stored (`GET /database/{table}`, a fixed list of tables), so a spec can check the database after a run
 * (issue 14: nothing of a card but what identifies it), and what the mock gateway holds of a transaction
 * (`GET /gateway/transactions/{id}`: what the server sent it) or of all (`GET /gateway/transactions`: how
 * many charges it received). Everything else is the server's own.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
/** The harness's DNS records, set by the specs (see `resolveHost` below). */
const dnsRecords = new Map<string, string>();
const env = readServerEnv();
const log = createLogger(env.LOG_LEVEL);
const running = await startServer({
  env,
  log,
  mode: 'production',
  root,
  distDir: `${root}/${SERVER_DIST}`,
  // Every e2e shopper comes from the one loopback address, and the whole suite pays (and saves cards)
  // well over the 30 attempts in 10 minutes a real address gets: later specs were refused with 429s.
  // The per-session limit, which the specs can meet, stays the server's own.
  deps: {
    policy: { attemptsPerAddress: { max: 1_000, windowMs: 10 * 60_000 } },
    // Receipts and notices kept in the development mailbox, as under `npm start` (e2e/server/mail-receipts.spec.ts).
    developmentMailbox: true,
    // Names a spec points somewhere (`POST /dns/{name}/{address}`), as a DNS record that changes after an
    // endpoint was saved would; every other name resolves as usual.
    resolveHost: (hostname) => {
      const address = dnsRecords.get(hostname);
      return address
        ? Promise.resolve([{ address, family: isIP(address) === 6 ? 6 : 4 }])
        : systemResolver(hostname);
    },
  },
});
shutdownOnSignals(running.shutdown, log);
// The console's users for e2e/server/console-*.spec.ts, as `npm run console:add-user` would make them.
for (const [role, user] of Object.entries(CONSOLE_USERS)) {
  await addConsoleUser(
    running.core.deps.db,
    {
      email: user.email,
      role: role === 'owner' ? 'owner' : role === 'staff' ? 'staff' : 'viewer',
      password: user.password,
    },
    { userId: null, email: 'e2e' },
    new Date(),
  );
}

// The server runs here without its background jobs (every spec sees exactly what it did), but for one: the
// webhook endpoints' deliveries, as the jobs deliver them each second (e2e/server/console-links-events.spec.ts).
// No spec but that one makes an endpoint, so the others see no difference.
const { deps } = running.core;
const egress = webhookEgress(deps);
const deliverToEndpoints = (): void => {
  deliverToEndpointsOnce({ db: deps.db, log: deps.log, now: deps.now, egress })
    .catch((error: unknown) => deps.log.warn('e2e endpoint delivery failed', { error: String(error) }))
    .finally(() => setTimeout(deliverToEndpoints, 1_000).unref());
};
deliverToEndpoints();
// …and mail, as the jobs send it each second, into the development mailbox.
const sendMail = (): void => {
  const mail = deps.mail;
  if (!mail) return;
  queueMailsOnce({ db: deps.db, mail, publicUrl: deps.publicUrl, now: deps.now })
    .then(() => sendMailsOnce({ db: deps.db, log: deps.log, mail, now: deps.now }))
    .catch((error: unknown) => deps.log.warn('e2e mail failed', { error: String(error) }))
    .finally(() => setTimeout(sendMail, 1_000).unref());
};
sendMail();

async function readTable(name: string): Promise<string | undefined> {
  const table = READABLE_TABLES.find((known) => known === name);
  if (!table) return undefined;
  const rows = await queryRows(running.core.deps.db, sql`select * from ${sql.identifier(table)}`);
  // bigint columns come back as BigInt from some drivers: JSON has no such type.
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value));
}

/** What the merchant's webhook endpoint (`POST /hooks`) answers; a spec sets it with `POST /hooks/answer/{status}`. */
let hookStatus = 200;

const payerBank = createServer((req, res) => {
  // The merchant's webhook endpoint of e2e/server/console-links-events.spec.ts: a delivery fails or succeeds
  // as the spec says, as a real endpoint that is down and back up again would.
  if (req.method === 'POST' && req.url === '/hooks') {
    req.resume();
    req.on('end', () => res.writeHead(hookStatus).end());
    return;
  }
  // A DNS record of the harness: `{name}` resolves to `{address}` from now on.
  const record = req.method === 'POST' ? /^\/dns\/([a-z0-9.-]+)\/([0-9a-f.:]+)$/.exec(req.url ?? '') : null;
  if (record?.[1] && record[2] && isIP(record[2]) !== 0) {
    dnsRecords.set(record[1], record[2]);
    res.writeHead(204).end();
    return;
  }
  const answer =
    req.method === 'POST' ? /^\/hooks\/answer\/([1-5]\d\d)$/.exec(req.url ?? '')?.[1] : undefined;
  if (answer) {
    hookStatus = Number(answer);
    res.writeHead(204).end();
    return;
  }
  // One pass of the receivables job (the server runs here without its jobs): what a spec paid gets its receivables.
  if (req.method === 'POST' && req.url === '/receivables/read') {
    readReceivablesOnce(deps, { batchSize: 500 })
      .then((tally) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(tally)))
      .catch(() => res.writeHead(500).end());
    return;
  }
  const table = req.method === 'GET' ? /^\/database\/([a-z_]+)$/.exec(req.url ?? '')?.[1] : undefined;
  if (table) {
    readTable(table)
      .then((json) =>
        json === undefined
          ? res.writeHead(404).end()
          : res.writeHead(200, { 'Content-Type': 'application/json' }).end(json),
      )
      .catch(() => res.writeHead(500).end());
    return;
  }
  // A local stand-in for ViaCEP (playwright.config.ts points CEP_PROVIDER here): the server's real
  // provider path, HTTP and all, without the internet. It knows the dataset's CEPs, in ViaCEP's words.
  const cep = req.method === 'GET' ? /^\/ws\/(\d{8})\/json\/$/.exec(req.url ?? '')?.[1] : undefined;
  if (cep) {
    const address = lookupMockCep(cep);
    const body = address
      ? {
          cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
          logradouro: address.street,
          bairro: address.neighborhood,
          localidade: address.city,
          uf: address.state,
        }
      : { erro: 'true' };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    return;
  }
  // Every transaction the in-process mock gateway holds, newest first: a spec counts the charges it got.
  if (req.method === 'GET' && req.url === '/gateway/transactions') {
    const answer = listTransactions({ now: mockGatewayNow() });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(answer.kind === 'json' ? JSON.stringify(answer.body) : '[]');
    return;
  }
  // What the in-process mock gateway holds of a transaction: what the server sent it, echoed.
  const held = req.method === 'GET' ? /^\/gateway\/transactions\/(\d+)$/.exec(req.url ?? '')?.[1] : undefined;
  if (held) {
    const answer = getTransaction(held, { now: mockGatewayNow() });
    const found = answer.kind === 'json' && answer.status === 200;
    res.writeHead(found ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(found ? JSON.stringify(answer.body) : '{}');
    return;
  }
  // A boleto paid at a bank or ended after its due date: the mock control page's own moves.
  const boleto = req.method === 'POST' ? /^\/boleto\/(\d+)\/(pay|expire)$/.exec(req.url ?? '') : null;
  if (boleto?.[1]) {
    const move = boleto[2] === 'pay' ? payBoleto : expireBoletoNow;
    res.writeHead(move(boleto[1], mockGatewayNow()) ? 204 : 404).end();
    return;
  }
  const paid = /^\/pix\/(\d+)\/pay$/.exec(req.url ?? '');
  const transaction =
    req.method === 'POST' && paid?.[1] ? setTransactionStatus(paid[1], 'paid', mockGatewayNow()) : undefined;
  res.writeHead(transaction ? 204 : 404).end();
});
payerBank.listen(PAYER_BANK_PORT, '127.0.0.1');
log.info('e2e server ready', { url: running.localUrl });
