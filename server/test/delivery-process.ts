// One "instance" for the three-process delivery test (events/delivery-processes.test.ts): its own
// process and connection pool on TEST_DATABASE_URL, draining the outbox to the merchant endpoint until
// nothing is left to claim, then printing what it delivered as one JSON line.
import { openPostgres } from '../db/open-database.ts';
import { deliverOnce } from '../events/delivery-worker.ts';
import { createLogger } from '../platform/logger.ts';

const url = process.env.TEST_DATABASE_URL;
const target = process.env.DELIVERY_TARGET_URL;
const secret = process.env.DELIVERY_SECRET;
if (!url || !target || !secret) {
  console.error('delivery-process needs TEST_DATABASE_URL, DELIVERY_TARGET_URL and DELIVERY_SECRET');
  process.exit(2);
}
const database = await openPostgres(url, 5);
const deps = {
  db: database.db,
  log: createLogger('silent'),
  now: () => new Date(),
  target: { url: target, secret },
  policy: { batchSize: 50, concurrency: 8 },
};
let delivered = 0;
let claims = 0;
// Ready, then wait for the go (all three start claiming together).
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
for (let result = await deliverOnce(deps); result.claimed > 0; result = await deliverOnce(deps)) {
  delivered += result.delivered;
  claims += 1;
}
await database.close();
process.stdout.write(`${JSON.stringify({ delivered, claims })}\n`);
process.exit(0);
