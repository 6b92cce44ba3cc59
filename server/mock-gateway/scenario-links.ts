import type { Context, Next } from 'hono';
import { designerScenario } from '../../mock-core/designer-scenarios.ts';
import type { AppDeps } from '../app-deps.ts';
import { createDemoSession } from '../demo-session.ts';
import { createDemoLink, isLinkScenario } from '../payment-links/demo-links.ts';
import { isBoletoScenario, openBoletoScenario } from './boleto-scenarios.ts';

/**
 * `npm start` only (development, mock gateway): a designer's scenario link, `/?scenario=card-declined`,
 * becomes a fresh demo session (with 3DS when the scenario needs it) and the shopper's page of it, where
 * the designer tools fill and submit the form (src/mock/run-scenario.ts). The server takes no URL
 * orders, so the link carries no amount: the session's is the demo order's.
 */
export function scenarioLinkHandler(deps: AppDeps) {
  return async (c: Context, next: Next): Promise<Response | undefined> => {
    const asked = c.req.query('scenario');
    // A payment link's page (active, customer-chosen amount, expired, inactive): a fresh link, opened.
    if (isLinkScenario(asked)) {
      const link = new URL(await createDemoLink(deps, asked));
      c.header('Cache-Control', 'no-store');
      return c.redirect(link.pathname, 303);
    }
    // A boleto issued, paid or expired (the mock moves it), then its page.
    if (isBoletoScenario(asked)) {
      const link = new URL(await openBoletoScenario(deps, asked));
      const lang = c.req.query('lang');
      if (lang === 'en' || lang === 'pt-BR') link.searchParams.set('lang', lang);
      c.header('Cache-Control', 'no-store');
      return c.redirect(`${link.pathname}${link.search}`, 303);
    }
    const scenario = designerScenario(asked);
    if (!scenario) {
      await next();
      return undefined;
    }
    const link = new URL(await createDemoSession(deps, { threeDS: scenario.threeDS === true }));
    link.searchParams.set('scenario', scenario.id);
    const lang = c.req.query('lang');
    if (lang === 'en' || lang === 'pt-BR') link.searchParams.set('lang', lang);
    if (c.req.query('panel') === 'off') link.searchParams.set('panel', 'off');
    c.header('Cache-Control', 'no-store');
    return c.redirect(`${link.pathname}${link.search}`, 303);
  };
}
