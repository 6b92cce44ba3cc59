import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url (22 characters): unguessable, so the id itself is the shopper's capability. */
function random128(): string {
  return randomBytes(16).toString('base64url');
}

export function newSessionId(): string {
  return `cs_${random128()}`;
}

export function newAttemptId(): string {
  return `pa_${random128()}`;
}
