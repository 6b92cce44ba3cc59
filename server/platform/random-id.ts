import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/**
 * 128 bits from the CSPRNG as base64url (22 characters). Taken from a pool refilled 256 ids at a time: a
 * `randomBytes(16)` per id (a call into C++ and a fresh buffer) cost about 15 µs each, and a payment makes
 * four ids. Node batches `randomUUID` the same way. Each byte is handed out once.
 */
export function random128(): string {
  if (offset + 16 > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + 16);
  offset += 16;
  return id;
}
