import { useSyncExternalStore } from 'react';
import type { CardBrand } from './card-brand.ts';

type BrandModule = typeof import('./card-brand.ts');

/**
 * credit-card-type (brand tables) loads on demand — prefetched when the page is idle, or when the card
 * number is focused — so it is not in the checkout's first load. Until it arrives, numbers are spaced in
 * fours and no brand is named; the first keystroke almost never comes that early.
 */
let loaded: BrandModule | undefined;
let pending: Promise<BrandModule> | undefined;
const listeners = new Set<() => void>();

export function loadCardBrands(): Promise<BrandModule> {
  pending ??= import('./card-brand.ts').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders its component once the brand tables have loaded. */
export function useBrandDetector(): (digits: string) => CardBrand | undefined {
  const module = useSyncExternalStore(subscribe, () => loaded);
  return module?.detectBrand ?? noBrand;
}

function noBrand(): undefined {
  return undefined;
}

const MAX_PAN_LENGTH = 19;

/** The brand's spacing once known; groups of four until then. */
export function formatCardNumberNow(input: string): string {
  if (loaded) return loaded.formatCardNumber(input);
  const digits = input.replace(/\D/g, '').slice(0, MAX_PAN_LENGTH);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
