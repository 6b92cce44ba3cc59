import { random128 } from '../platform/random-id.ts';

/** `evt_` + 128 random bits: unique across instances without coordination, the merchant's dedup key. */
export function newEventId(): string {
  return `evt_${random128()}`;
}

export function newOperationId(): string {
  return `op_${random128()}`;
}
