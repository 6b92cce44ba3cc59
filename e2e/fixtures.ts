import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Frame, type Page, type Request } from '@playwright/test';

export interface MockSettings {
  latencyMs: number;
  pixExpiryMinutes: number;
}

/** Fast but still asynchronous answers keep the suite quick without hiding pending states. */
export const E2E_MOCK_SETTINGS: MockSettings = { latencyMs: 250, pixExpiryMinutes: 30 };

export async function setMockSettings(page: Page, settings: Partial<MockSettings>): Promise<void> {
  await page.addInitScript(
    (value) => {
      localStorage.setItem('mock-gateway:settings', JSON.stringify(value));
    },
    { ...E2E_MOCK_SETTINGS, ...settings },
  );
}

/** Every gateway request the page makes, as seen on the network (the service worker answers them). */
export function recordGatewayRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(request);
  });
  return seen;
}

/** The payments the page sends (`POST /v1/transactions`), as the gateway would receive them. */
export function recordPaymentPosts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/transactions') {
      seen.push(request);
    }
  });
  return seen;
}

/**
 * Returns once Playwright has seen every request the page has made so far, and every request that work
 * already queued in the page goes on to make: how a test proves a request did NOT happen without waiting
 * "long enough". The page first lets the tasks it has queued run (a `background` task of scheduler.postTask
 * runs after them: a press's promise chain and its imports of loaded modules, the tasks a timer just fired
 * by `page.clock` set going), then fetches a marker path that nobody serves. Chromium reports a page's
 * requests in the order the page made them, those the mock gateway's service worker answers included, and
 * Playwright emits its `request` events in that order, so by the marker's event every earlier request has
 * reached recordGatewayRequests and recordPaymentPosts. (Checked on this setup: 600 interleaved mock,
 * bypassed and marker requests came in order, and a chain of 15 tasks and module imports finished first.
 * Not with page.route: Playwright then holds each `request` event until Chromium pauses that request.)
 *
 * It does not cover a request after a timer not yet due (fast-forward the page's clock first) or after an
 * answer still on its way (wait first for what the page shows once it came).
 */
export async function networkBarrier(page: Page): Promise<void> {
  const marker = `/__e2e-barrier/${randomUUID()}`;
  const seen = page.waitForRequest((request) => new URL(request.url()).pathname === marker);
  await page.evaluate(async (path) => {
    // Not a timer: page.clock fakes those.
    await scheduler.postTask(() => undefined, { priority: 'background' });
    // Its answer (the preview's index.html, or a 404) does not matter: only that it was asked for.
    void fetch(path).catch(() => undefined);
  }, marker);
  await seen;
}

/**
 * No payment beyond `count` leaves: an unwanted one would be set going by the press or by the answer the
 * page then shows (a submit handler and its promise chain, every module it needs already loaded), not by a
 * timer. So once the page shows the state it settles in (`settled`, which the caller knows; it fast-forwards
 * the page's clock when a timer must run first), the network barrier proves that none followed — in no
 * fixed time.
 */
export async function expectPostCountToStay(
  page: Page,
  posts: readonly Request[],
  count: number,
  settled: () => Promise<void>,
): Promise<void> {
  await settled();
  await networkBarrier(page);
  expect(posts).toHaveLength(count);
}

/**
 * WCAG 2.1 AA (and 2.2 AA) rules; the mock's designer panel is part of the page and is checked too.
 *
 * @axe-core/playwright's default mode opens a blank page for every check to put the frames' results together, which
 * costs more CPU than the check itself (docs/performance.md, "Test suite time"). So a page whose frames all share its
 * origin is checked inside the page ("legacy mode": axe reaches those frames itself), and a page with a frame of
 * another origin (an embedded checkout, a bank's page) keeps the default, the only mode that checks inside such a
 * frame. Either way only violations are gathered: they are what the test asserts.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const inPage = !page.frames().slice(1).some(isOfAnotherOrigin(page));
  const results = await new AxeBuilder({ page })
    // Before the tags: `options` replaces every option given so far, the tags among them.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(inPage)
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/** Whether a frame's document comes from elsewhere than the page's (an opaque `data:` origin counts as elsewhere). */
function isOfAnotherOrigin(page: Page): (frame: Frame) => boolean {
  const origin = new URL(page.url()).origin;
  return (frame) => {
    const url = frame.url();
    if (url === '' || url === 'about:blank' || url === 'about:srcdoc') return false;
    return new URL(url).origin !== origin;
  };
}

export const test = base.extend<{ mockSettings: MockSettings }>({
  mockSettings: [E2E_MOCK_SETTINGS, { option: true }],
  page: async ({ page, mockSettings }, use) => {
    await setMockSettings(page, mockSettings);
    await use(page);
  },
});

export { expect };

/**
 * A picture of the page for a person to look at (360 px, desktop, each language), kept in the test's output folder
 * (test-results/…) when E2E_SCREENSHOTS=on. Not by default: a full-page PNG costs ~1.2 s of CPU, in Chromium and
 * Playwright's worker, for a file nobody opens on a passing run (docs/performance.md, "Test suite time"). A failed
 * test keeps a screenshot of its end in any case (playwright.config.ts).
 */
export async function keepScreenshot(page: Page, fileName: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== 'on') return;
  await page.screenshot({ path: base.info().outputPath(fileName), fullPage });
}
