import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ConsoleNewUserRequest } from '../../../contract/console/console-account.ts';
import type { ConsoleRole } from '../../../contract/console/console-auth.ts';
import {
  consoleAuditListSchema,
  consoleNewUserSchema,
  consoleRoleChangeAnswerSchema,
  consoleTotpStartSchema,
  consoleUserListSchema,
  consoleUserSchema,
} from '../../../contract/console/console-settings.ts';
import {
  consoleShopIdentitySchema,
  type ConsoleShopIdentityRequest,
} from '../../../contract/console/console-shop.ts';
import { noticeSettingsSchema, type NoticeKindValue } from '../../../contract/console/console-mails.ts';
import { request } from '../common/console-api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';

/** The Settings page's calls and queries (server/routes/console-auth.ts, console-account.ts, console-user-access.ts). */

export function startTotp() {
  return request('POST', '/me/totp', consoleTotpStartSchema);
}

export function noticesQuery() {
  return queryOptions({
    queryKey: QUERY_ROOTS.notices,
    queryFn: ({ signal }) => request('GET', '/notices', noticeSettingsSchema, undefined, signal),
  });
}

/** The e-mail notices the logged-in user gets (every role chooses their own). */
export function saveNotices(notices: NoticeKindValue[]) {
  return request('PATCH', '/notices', noticeSettingsSchema, { notices });
}

/** What a change to one's own sign-in sends again: the current password, and a current code while two-step is on. */
export interface CurrentCredentials {
  current_password: string;
  current_totp?: string;
}

export function confirmTotp(body: { secret: string; code: string } & CurrentCredentials) {
  return request('POST', '/me/totp/confirm', z.null(), body);
}

export function removeTotp(body: CurrentCredentials) {
  return request('POST', '/me/totp/remove', z.null(), body);
}

export function changePassword(body: { new_password: string } & CurrentCredentials) {
  return request('POST', '/me/password', z.null(), body);
}

/** An owner's change to another user's access, confirmed with the owner's password. */
export type UserAccessAction = 'disable' | 'enable' | 'totp-off';

const ACCESS_PATHS: Record<UserAccessAction, string> = {
  disable: 'disable',
  enable: 'enable',
  'totp-off': 'totp/remove',
};

export function changeUserAccess(id: string, action: UserAccessAction, currentPassword: string) {
  return request('POST', `/users/${encodeURIComponent(id)}/${ACCESS_PATHS[action]}`, consoleUserSchema, {
    current_password: currentPassword,
  });
}

/** A user's new password, answered this once. */
export function resetUserPassword(id: string, currentPassword: string) {
  return request('POST', `/users/${encodeURIComponent(id)}/password`, consoleNewUserSchema, {
    current_password: currentPassword,
  });
}

export function fetchUsers(signal?: AbortSignal) {
  return request('GET', '/users', consoleUserListSchema, undefined, signal);
}

/** A new user, confirmed with the owner's password; their generated password is answered this once. */
export function addUser(body: ConsoleNewUserRequest) {
  return request('POST', '/users', consoleNewUserSchema, body);
}

export function changeRole(id: string, role: ConsoleRole, currentPassword: string) {
  return request('PATCH', `/users/${encodeURIComponent(id)}`, consoleRoleChangeAnswerSchema, {
    role,
    current_password: currentPassword,
  });
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

export const usersQuery = queryOptions({
  queryKey: QUERY_ROOTS.users,
  queryFn: ({ signal }) => fetchUsers(signal),
});

/** The shop's identity (server/routes/console-shop.ts): every user reads it, owners change it. */
export const shopQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.shop, 'identity'],
    queryFn: ({ signal }) => request('GET', '/shop', consoleShopIdentitySchema, undefined, signal),
  });

export function saveShopIdentity(body: ConsoleShopIdentityRequest) {
  return request('PUT', '/shop', consoleShopIdentitySchema, body);
}

/** The file itself is the body: the server reads its type from its first bytes. */
export function uploadShopLogo(file: File) {
  return request('PUT', '/shop/logo', consoleShopIdentitySchema, file);
}

export function removeShopLogo() {
  return request('DELETE', '/shop/logo', consoleShopIdentitySchema);
}
