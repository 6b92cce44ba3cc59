import { Hono } from 'hono';
import { noticeSettingsRequestSchema } from '../../contract/console/console-mails.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import { readJsonBody } from '../http/json-body.ts';
import { changeNotices, noticeSettings } from '../mail/console-mails.ts';
import { consoleSessionGuard, type ConsoleEnv } from './console-guard.ts';

/**
 * The logged-in user's e-mail notices (mounted at /api/console/notices; Settings): which they get, and for
 * owners who gets what. Every role chooses their own.
 */
export function consoleNoticeRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  routes.use('*', consoleSessionGuard(deps));
  routes.get('/', async (c) => {
    const settings = await noticeSettings(deps, c.get('consoleSession').user);
    return settings ? c.json(settings) : apiError(c, 404, 'No such user.', 'not_found', null);
  });
  routes.patch('/', async (c) => {
    const body = await readJsonBody(c, noticeSettingsRequestSchema);
    if (!body.ok) return body.response;
    const { user } = c.get('consoleSession');
    await changeNotices(deps, { userId: user.id, email: user.email }, body.data.notices);
    const settings = await noticeSettings(deps, user);
    return settings ? c.json(settings) : apiError(c, 404, 'No such user.', 'not_found', null);
  });
  return routes;
}
