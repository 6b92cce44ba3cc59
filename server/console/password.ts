import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Console passwords, hashed with scrypt from node:crypto (memory-hard, no native module to download):
 * N = 2^15, r = 8, p = 1 — OWASP's minimum for scrypt — with a 16-byte salt, stored as
 * `scrypt$N$r$p$salt$hash` so the cost can rise later without breaking older hashes.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes; the default 32 MiB cap is exactly that, so leave headroom. */
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export type PasswordHasher = (password: string) => Promise<string>;

/**
 * A hasher at another cost. Only the server's tests use one below `COST` (server/test/console-helpers.ts): the
 * hash carries its cost, so logging in checks it at the cost it was made with, and a test's user costs 3 ms, not
 * 112 ms of CPU.
 */
export function hasherAt(cost: { N: number; r: number; p: number }): PasswordHasher {
  return async (password) => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, cost);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join(
      '$',
    );
  };
}

export const hashPassword: PasswordHasher = hasherAt(COST);

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no password matches, checked when the e-mail is unknown, so a wrong address takes as long as a
 * wrong password and the answer does not tell which accounts exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoy;
}
