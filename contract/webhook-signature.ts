import { SIGNATURE_TOLERANCE_SECONDS } from './merchant-events.ts';

/**
 * Verifies `Checkout-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>` with Web Crypto
 * only (browsers, Node ≥ 20, Deno, workers), so merchants and our tests share one implementation. Several
 * `v1=` entries are accepted (while a secret is being rotated). Pass the body exactly as received: any
 * re-serialisation changes the bytes and the signature.
 */
export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

export function parseSignatureHeader(
  header: string,
): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value !== undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/**
 * Web Crypto and TextEncoder are globals in browsers and Node ≥ 20. They are typed here, not declared
 * globally, so contract/ still type-checks with neither DOM nor Node types (and next to mock-core's own
 * declarations).
 */
interface HmacKey {
  readonly type: string;
}
interface WebPlatform {
  crypto: {
    subtle: {
      importKey(
        format: 'raw',
        keyData: Uint8Array,
        algorithm: { name: 'HMAC'; hash: 'SHA-256' },
        extractable: boolean,
        usages: string[],
      ): Promise<HmacKey>;
      sign(algorithm: 'HMAC', key: HmacKey, data: Uint8Array): Promise<ArrayBuffer>;
    };
  };
  TextEncoder: new () => { encode(input: string): Uint8Array };
}
const platform = globalThis as unknown as WebPlatform;

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const encoder = new platform.TextEncoder();
  const key = await platform.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await platform.crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

/** Same length and every character compared, so the time taken says nothing about where they differ. */
function equalHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

export async function verifySignature(options: {
  secret: string;
  header: string | null | undefined;
  rawBody: string;
  /** Unix seconds; default now. */
  now?: number;
  toleranceSeconds?: number;
}): Promise<SignatureCheck> {
  const parsed = options.header ? parseSignatureHeader(options.header) : undefined;
  if (!parsed) return { ok: false, reason: 'malformed' };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(now - parsed.timestamp) > tolerance) return { ok: false, reason: 'stale' };
  const expected = await hmacSha256Hex(options.secret, `${parsed.timestamp}.${options.rawBody}`);
  return parsed.signatures.some((signature) => equalHex(signature, expected))
    ? { ok: true, timestamp: parsed.timestamp }
    : { ok: false, reason: 'mismatch' };
}
