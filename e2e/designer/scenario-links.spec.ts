import { expect, test, type Page } from '@playwright/test';
import { DESIGNER_SCENARIOS } from '../../mock-core/designer-scenarios.ts';

/**
 * Every state of the designers' list opens from its link, with nothing typed: in the static preview under
 * a folder of a plain file server (project designer-static) and through `npm start` (designer-npm-start).
 * What the designer lands on is asserted as a shopper sees it. Where the two differ it is the truth of
 * each: in the preview the browser talks to the gateway (a dropped connection is a network error), under
 * `npm start` the server does, and tells the page it could not confirm the payment.
 */
type Landing = (page: Page, server: boolean) => Promise<void>;

const heading =
  (name: string | RegExp): Landing =>
  async (page) => {
    await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 20_000 });
  };

const unknownOutcome: Landing = async (page, server) => {
  if (server) await heading('We could not confirm your payment yet')(page, server);
  else await expect(page.getByRole('alert').first()).toHaveText(/could not confirm your payment/);
};

const LANDINGS: Record<string, Landing> = {
  'card-approved': heading('Payment approved'),
  'card-declined': heading('Payment declined'),
  'card-processing': async (page, server) => {
    await heading('Payment in progress')(page, server);
    // In the preview the mock gateway runs in the page, on the page's clock: its 4 s of processing pass at once.
    if (!server) await page.clock.fastForward('00:05');
    await heading('Payment approved')(page, server);
  },
  'card-cvv-error': async (page) => {
    await expect(page.getByRole('alert').first()).toHaveText(/could not accept some details/);
    await expect(page.getByLabel('CVV')).toHaveAttribute('aria-invalid', 'true');
  },
  'network-error': async (page, server) => {
    if (server) await unknownOutcome(page, server);
    else await expect(page.getByRole('alert').first()).toHaveText(/could not reach the payment service/);
  },
  'server-error': unknownOutcome,
  'gateway-timeout': unknownOutcome,
  'slow-gateway': async (page) => {
    await expect(page.getByRole('button', { name: /^Processing payment/ })).toBeVisible();
  },
  'bad-response': unknownOutcome,
  '3ds-challenge': heading('Confirm your purchase'),
  '3ds-declined': heading('Payment declined'),
  '3ds-return-approved': heading('Payment approved'),
  '3ds-return-pending': heading('Payment in progress'),
  'pix-open': async (page) => {
    await expect(page.getByRole('heading', { name: 'Pay R$150.90 with PIX' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible();
  },
  'pix-paid': afterTheCode('Payment received'),
  'pix-expired': afterTheCode('This PIX code has expired'),
};

/**
 * A PIX code on screen, then (in the preview) its 3 s passed at once on the page's clock, where the mock
 * gateway and the page's status checks both run; under `npm start` the server's gateway runs on its own
 * clock. The page's clock keeps pace with real time until fast-forwarded: a starved worker may first see the
 * final state already.
 */
function afterTheCode(final: string): Landing {
  return async (page, server) => {
    if (!server) {
      const code = page.getByRole('heading', { name: 'Pay R$150.90 with PIX' });
      await expect(code.or(page.getByRole('heading', { name: final }))).toBeVisible();
      await page.clock.fastForward('00:05');
    }
    await heading(final)(page, server);
  };
}

/** The states that wait on the mock gateway's time: in the preview it runs on the page's clock. */
const ON_THE_PAGE_CLOCK = new Set(['card-processing', 'pix-paid', 'pix-expired']);

/** Where the preview's deep pages live: real folders under its own folder (the host added the slash). */
const STATIC_PATHS: Record<string, RegExp> = {
  '3ds-challenge': /\/review\/mock-bank\/challenge\/\?token=/,
  '3ds-declined': /\/review\/3ds\/return\/\?ref=/,
  '3ds-return-approved': /\/review\/3ds\/return\/\?ref=/,
  '3ds-return-pending': /\/review\/3ds\/return\/\?ref=/,
};

test('the documented list holds every state the designers asked for', () => {
  const required = [
    'card-approved',
    'card-declined',
    'card-processing',
    'card-cvv-error',
    'network-error',
    'server-error',
    'gateway-timeout',
    'slow-gateway',
    '3ds-challenge',
    '3ds-declined',
    '3ds-return-approved',
    '3ds-return-pending',
    'pix-open',
    'pix-paid',
    'pix-expired',
  ];
  expect(DESIGNER_SCENARIOS.map((scenario) => scenario.id)).toEqual(expect.arrayContaining(required));
  expect(Object.keys(LANDINGS).sort()).toEqual(DESIGNER_SCENARIOS.map((scenario) => scenario.id).sort());
});

for (const scenario of DESIGNER_SCENARIOS) {
  test(`?scenario=${scenario.id} opens "${scenario.title}" with nothing typed`, async ({ page }, info) => {
    const server = info.project.name === 'designer-npm-start';
    const land = LANDINGS[scenario.id];
    if (!land) throw new Error(`no landing for ${scenario.id}`);
    if (!server && ON_THE_PAGE_CLOCK.has(scenario.id)) await page.clock.install();
    await page.goto(`?scenario=${scenario.id}&lang=en`);
    await land(page, server);
    if (server) {
      // A demo session of its own: the amount is the session's, never the link's.
      expect(new URL(page.url()).pathname).toMatch(/^\/(pay\/cs_|__mock-gateway\/mock-bank\/)/);
    } else {
      const path = STATIC_PATHS[scenario.id];
      if (path) expect(page.url()).toMatch(path);
      else expect(new URL(page.url()).pathname).toBe('/review/');
    }
  });
}
