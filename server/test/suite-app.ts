import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { openTestDatabase, type DriverName, type TestDatabase } from './test-database.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

export interface SuiteApp {
  database: TestDatabase;
  gateway: TestGateway;
  t: TestApp;
}

/**
 * A test database, a local gateway on a port of its own and the app on both, for one describe block: opened before
 * its tests (handed to `opened`), closed after them; before each test the database is emptied, the gateway
 * forgets its requests and faults, and the app's clock is back to now.
 */
export function suiteApp(
  driver: DriverName,
  options: Omit<TestAppOptions, 'db' | 'gatewayUrl'>,
  opened: (suite: SuiteApp) => void,
): void {
  let suite: SuiteApp | undefined;
  beforeAll(async () => {
    const database = await openTestDatabase(driver);
    const gateway = await startTestGateway();
    suite = { database, gateway, t: buildTestApp({ ...options, db: database.db, gatewayUrl: gateway.url }) };
    opened(suite);
  }, 60_000);
  beforeEach(async () => {
    await suite?.database.reset();
    suite?.gateway.reset();
    if (suite) suite.t.clock.offsetMs = 0;
  });
  afterAll(async () => {
    await suite?.t.close();
    await suite?.gateway.close();
    await suite?.database.close();
  });
}
