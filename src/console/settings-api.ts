import * as z from 'zod/mini';
import type { ConsoleRole } from '../../contract/console/console-auth.ts';
import {
  consoleAuditListSchema,
  consoleNewUserSchema,
  consoleRoleChangeAnswerSchema,
  consoleTotpStartSchema,
  consoleUserListSchema,
} from '../../contract/console/console-settings.ts';
import { request } from './console-api.ts';

/** The Settings page's calls (server/routes/console-auth.ts). */

export function startTotp() {
  return request('POST', '/me/totp', consoleTotpStartSchema);
}

export function confirmTotp(body: { secret: string; code: string }) {
  return request('POST', '/me/totp/confirm', z.null(), body);
}

export function fetchUsers(signal?: AbortSignal) {
  return request('GET', '/users', consoleUserListSchema, undefined, signal);
}

export function addUser(body: { email: string; role: ConsoleRole }) {
  return request('POST', '/users', consoleNewUserSchema, body);
}

export function changeRole(id: string, role: ConsoleRole) {
  return request('PATCH', `/users/${encodeURIComponent(id)}`, consoleRoleChangeAnswerSchema, { role });
}

export function fetchAudit(before: number | undefined, signal?: AbortSignal) {
  return request(
    'GET',
    `/audit${before === undefined ? '' : `?before=${String(before)}`}`,
    consoleAuditListSchema,
    undefined,
    signal,
  );
}
