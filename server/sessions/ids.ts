import { random128 } from '../platform/random-id.ts';

/** `cs_` + 128 random bits: unguessable, so the id itself is the shopper's capability. */
export function newSessionId(): string {
  return `cs_${random128()}`;
}

export function newAttemptId(): string {
  return `pa_${random128()}`;
}
