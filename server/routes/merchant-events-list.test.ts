import { describe, expect, it } from 'vitest';
import { addEvents } from '../test/outbox-fill.ts';
import { suiteApp, type SuiteApp } from '../test/suite-app.ts';
import { call, TEST_KEY } from '../test/test-app.ts';
import { BOTH_DRIVERS } from '../test/test-database.ts';

interface EventPage {
  data: { id: string }[];
  has_more: boolean;
  next_cursor: string | null;
}

describe.each(BOTH_DRIVERS)('the merchant events list, a page at a time (%s)', (driver) => {
  let suite: SuiteApp;
  suiteApp(driver, {}, (opened) => (suite = opened));

  it('walks every event once with starting_after, newest first, events of the same instant included', async () => {
    // Five events written in one transaction share their created_at: the cursor's id breaks the tie.
    await addEvents(suite.database.db, 5, suite.t.deps.now());
    const everyEvent = (await call(suite.t.app, 'GET', '/api/v1/events?limit=100', { key: TEST_KEY }))
      .json as EventPage;
    expect(everyEvent.data).toHaveLength(5);
    expect(everyEvent).toMatchObject({ has_more: false, next_cursor: null });

    const seen: string[] = [];
    let path = '/api/v1/events?limit=2';
    for (let pages = 0; pages < 5; pages += 1) {
      const page = (await call(suite.t.app, 'GET', path, { key: TEST_KEY })).json as EventPage;
      seen.push(...page.data.map((event) => event.id));
      if (!page.has_more) break;
      expect(page.data).toHaveLength(2);
      path = `/api/v1/events?limit=2&starting_after=${String(page.next_cursor)}`;
    }
    expect(seen).toEqual(everyEvent.data.map((event) => event.id));
  });

  it('answers 400 naming starting_after for a cursor it did not make', async () => {
    const answer = await call(suite.t.app, 'GET', '/api/v1/events?starting_after=not-a-cursor', {
      key: TEST_KEY,
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('starting_after');
  });
});
