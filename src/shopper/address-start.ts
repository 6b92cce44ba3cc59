import type { BillingAddressFormValues } from './billing-address.ts';
import { BRAZIL_STATES } from './brazil-states.ts';
import { formatCep } from '../lib/input-masks.ts';

/** An address as the gateway answers it or as the shop gave the session: every field may be missing. */
export interface KnownAddress {
  street?: string | null | undefined;
  street_number?: string | null | undefined;
  zipcode?: string | null | undefined;
  neighborhood?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
}

/** The billing address fields a form starts with: only those with something in them, a UF only if real. */
export function startFromAddress(
  address: KnownAddress | null | undefined,
): Partial<BillingAddressFormValues> {
  const values: Partial<BillingAddressFormValues> = {};
  if (!address) return values;
  const put = (key: Exclude<keyof BillingAddressFormValues, 'state'>, value: string | null | undefined) => {
    const trimmed = value?.trim();
    if (trimmed) values[key] = trimmed;
  };
  put('zipcode', formatCep(address.zipcode?.trim() ?? ''));
  put('street', address.street);
  put('streetNumber', address.street_number);
  put('neighborhood', address.neighborhood);
  put('city', address.city);
  const state = address.state?.trim().toUpperCase() ?? '';
  if ((BRAZIL_STATES as readonly string[]).includes(state))
    values.state = state as BillingAddressFormValues['state'];
  return values;
}
