import type { SessionCustomer } from '../../contract/checkout-session.ts';
import { startFromAddress } from './address-start.ts';
import { displayPhone } from '../lib/input-masks.ts';
import type { StartingValues } from './restore-form.ts';
import { formatTaxId, maskedTaxId } from '../lib/tax-id.ts';
import type { CustomerField, PrefilledCustomer } from './customer-fields.tsx';

/**
 * What the shop told the session about its customer, as the forms hold it, and what to fold: the known
 * fields are filled (its address in the billing fields), the billing name starts as the customer's, and
 * "Paying as …" replaces the fields. Without a name there is no one to say "Paying as" of: what the shop
 * knows (an e-mail alone, say) is filled in the open fields, which the shopper sees and may correct (a
 * known phone among them, even where the session does not ask one).
 */
export function customerStart(customer: SessionCustomer | null | undefined): {
  values: StartingValues;
  prefilled: PrefilledCustomer | undefined;
} {
  // The address fills the billing fields (shown, not folded: the shopper checks where the bank writes).
  const values: StartingValues = startFromAddress(customer?.address);
  if (!customer) return { values, prefilled: undefined };
  const fields: CustomerField[] = [];
  const details: string[] = [];
  if (customer.name) {
    values.customerName = customer.name;
    values.billingName = customer.name;
    fields.push('customerName');
  }
  if (customer.email) {
    values.email = customer.email;
    fields.push('email');
    details.push(customer.email);
  }
  if (customer.document) {
    values.taxId = formatTaxId(customer.document.number);
    fields.push('taxId');
    details.push(`${customer.document.type.toUpperCase()} ${maskedTaxId(customer.document.number)}`);
  }
  if (customer.phone) {
    values.phone = displayPhone(customer.phone);
    fields.push('phone');
    details.push(values.phone);
  }
  return { values, prefilled: fields.length ? { name: customer.name, details, fields } : undefined };
}
