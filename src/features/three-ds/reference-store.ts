import * as z from 'zod/mini';
import { tabStorage } from '../../lib/safe-storage.ts';

/**
 * Only `{reference → transaction id}` is kept (docs/decisions/011-three-ds-return-and-followed-urls.md): no
 * card data, no amounts, no tokens.
 */
const STORAGE_KEY = 'three-ds:returns';
/** Older entries are dropped so a long session does not grow the map without bound. */
const MAX_ENTRIES = 20;

const referenceMapSchema = z.record(z.string(), z.int().check(z.positive()));

type ReferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function read(storage: ReferenceStorage): Record<string, number> {
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return {};
  }
  if (!raw) return {};
  try {
    const parsed = referenceMapSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * The designer preview's 3DS return (orders from the URL, no checkout session): a checkout session needs
 * none of this, its server knows the latest attempt. False when the browser refuses storage (blocked in
 * a cross-site frame, private-mode quotas): the caller must not leave then.
 */
export function rememberReturn(
  reference: string,
  transactionId: number,
  storage: ReferenceStorage | null = tabStorage() ?? null,
): boolean {
  if (!storage) return false;
  const entries = Object.entries(read(storage)).filter(([key]) => key !== reference);
  entries.push([reference, transactionId]);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries.slice(-MAX_ENTRIES))));
    return true;
  } catch {
    return false;
  }
}

export function lookUpReturn(
  reference: string,
  storage: ReferenceStorage | null = tabStorage() ?? null,
): number | undefined {
  if (!storage) return undefined;
  const map = read(storage);
  return Object.hasOwn(map, reference) ? map[reference] : undefined;
}
