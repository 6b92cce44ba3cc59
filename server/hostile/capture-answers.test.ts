import { beforeEach, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../../contract/checkout-session.ts';
import { approveChallenge, attemptOf, startThreeDS } from '../test/lifecycle-helpers.ts';
import { call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { suiteApp } from '../test/suite-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { type TestGateway } from '../test/test-gateway.ts';

describe.each(DRIVERS)('capture answers honestly (%s)', (driver) => {
  let database: TestDatabase, gateway: TestGateway, t: TestApp;
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (s) => ({ database, gateway, t } = s));
  beforeEach(() => {
    gateway.reset();
  });

  it('a second capture of a captured payment is 409 with the capture it already has', async () => {
    const { sessionId, token } = await startThreeDS(t.app, { capture: 'manual' });
    await approveChallenge(gateway.url, token);
    await call(t.app, 'GET', `/api/pay/${sessionId}`);
    const attempt = await attemptOf(database.db, sessionId);
    expect(attempt.status).toBe('authorized');
    const path = `/api/v1/payments/${attempt.id}/capture`;
    const first = await call(t.app, 'POST', path, { key: TEST_KEY });
    expect(first.status).toBe(200);
    const second = await call(t.app, 'POST', path, { key: TEST_KEY });
    expect(second.status).toBe(409);
    expect(apiErrorBodySchema.parse(second.json).errors[0]?.type).toBe('already_captured');
    expect(second.json).toMatchObject({ capture: first.json });
    expect(gateway.requests.filter((request) => request.path.endsWith('/capture'))).toHaveLength(1);
  });
});
