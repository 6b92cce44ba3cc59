import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { NOTICE_KIND_VALUES } from '../../contract/console/console-mails.ts';
import type { AppDeps } from '../app-deps.ts';
import { unsubscribe } from '../mail/console-mails.ts';
import { escapeHtml } from '../mail/mail-layout.ts';

const querySchema = z.object({
  u: z.string().check(z.regex(/^usr_[A-Za-z0-9_-]{1,64}$/)),
  t: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  k: z.enum(NOTICE_KIND_VALUES),
});

const NAMES: Record<(typeof NOTICE_KIND_VALUES)[number], string> = {
  sale: 'new sales',
  refund: 'refunds',
  boleto_paid: 'boletos paid',
  endpoint_failing: 'a failing webhook endpoint',
  daily_summary: 'the daily summary',
};

const POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(c: Context, status: 200 | 400, body: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>E-mail notices</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:32rem;padding:1rem;color:#18181b}button{min-height:44px;padding:0 1rem;font:inherit}</style></head>
<body><main><h1>E-mail notices</h1>${body}</main></body></html>`,
    status,
    { 'Content-Security-Policy': POLICY, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  );
}

/**
 * One-click unsubscribe of a notice (mounted at /api/mail/unsubscribe): the link in a notice opens a page with
 * one button (a link scanner that follows GETs unsubscribes no one), and mail clients POST
 * `List-Unsubscribe=One-Click` here directly (RFC 8058). No log-in: the user's random token is the proof.
 */
export function mailUnsubscribeRoutes(deps: AppDeps): Hono {
  const routes = new Hono();
  routes.get('/', (c) => {
    const parsed = querySchema.safeParse(c.req.query());
    if (!parsed.success)
      return page(c, 400, '<p>This link is not complete. Change your notices in the console’s Settings.</p>');
    const action = `?${new URLSearchParams(parsed.data).toString()}`;
    return page(
      c,
      200,
      `<p>Stop e-mails about ${escapeHtml(NAMES[parsed.data.k])}?</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these e-mails</button></form>`,
    );
  });
  routes.post('/', async (c) => {
    const parsed = querySchema.safeParse(c.req.query());
    if (!parsed.success)
      return page(c, 400, '<p>This link is not complete. Change your notices in the console’s Settings.</p>');
    const result = await unsubscribe(deps, {
      userId: parsed.data.u,
      token: parsed.data.t,
      kind: parsed.data.k,
    });
    return result === 'done'
      ? page(
          c,
          200,
          `<p>Done: no more e-mails about ${escapeHtml(NAMES[parsed.data.k])}. Turn them on again in the console’s Settings.</p>`,
        )
      : page(
          c,
          400,
          '<p>This link is not valid any more. Change your notices in the console’s Settings.</p>',
        );
  });
  return routes;
}
