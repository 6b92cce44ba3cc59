import { randomBytes } from 'node:crypto';

/** `evt_` + 128 random bits: unique across instances without coordination, the merchant's dedup key. */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString('base64url')}`;
}

export function newOperationId(): string {
  return `op_${randomBytes(16).toString('base64url')}`;
}
