import type { Transaction } from '../../contract/gateway/transaction.ts';
import { startFromAddress } from './address-start.ts';
import type { BillingAddressFormValues } from './billing-address.ts';
import type { CustomerFormValues } from './customer.ts';
import { displayPhone } from '../lib/input-masks.ts';
import { formatTaxId } from '../lib/tax-id.ts';

/** Values a payment form starts with, beyond its empty defaults. */
export type StartingValues = Partial<CustomerFormValues & BillingAddressFormValues> & {
  holderName?: string;
  installments?: string;
};

const text = (value: string | null | undefined) => value?.trim() ?? '';

/**
 * Back from the bank after a 3DS decline or cancel, the page is new: everything but the card's number,
 * expiry and CVV (never kept anywhere) comes back from the transaction the gateway answered with.
 */
export function startFromTransaction(transaction: Transaction | undefined): StartingValues {
  if (!transaction) return {};
  const values: StartingValues = startFromAddress(transaction.billing?.address);
  const put = <K extends keyof StartingValues>(key: K, value: StartingValues[K] | '') => {
    if (value) values[key] = value;
  };
  put('billingName', text(transaction.billing?.name));
  const customer = transaction.customer;
  put('customerName', text(customer?.name));
  put('email', text(customer?.email));
  put('phone', displayPhone(text(customer?.phone_numbers?.[0])));
  put('taxId', formatTaxId(text(customer?.documents?.[0]?.number)));
  put('holderName', text(transaction.card?.card_holder_name));
  if (transaction.installments) values.installments = String(transaction.installments);
  return values;
}
