import { cepAddressSchema, cepLookupPath, type CepAddress } from '../../contract/address-lookup.ts';
import { API_BASE_URL } from './config.ts';

/** A lookup that takes longer is one the shopper is already typing past. */
const LOOKUP_TIMEOUT_MS = 4_000;

/**
 * The address of a CEP (8 digits) from the checkout server, or undefined for anything else — unknown,
 * refused, slow, offline, malformed. Never throws: the address fields stay for the shopper to type and
 * nothing about paying depends on it. Loaded on demand (src/shopper/use-cep-autofill.ts), so neither this nor
 * its schema is in the first load.
 */
export async function lookupCep(
  cep: string,
  { signal, baseUrl = API_BASE_URL }: { signal?: AbortSignal; baseUrl?: string } = {},
): Promise<CepAddress | undefined> {
  if (!/^\d{8}$/.test(cep)) return undefined;
  const timeout = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
  try {
    const response = await fetch(`${baseUrl}${cepLookupPath(cep)}`, {
      headers: { Accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      credentials: 'same-origin',
    });
    if (!response.ok) return undefined;
    const parsed = cepAddressSchema.safeParse(await response.json());
    // An answer about another CEP (a cache gone wrong) fills nothing.
    return parsed.success && parsed.data.cep === cep ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
