import { useEffect } from 'react';
import type { FeeBrand } from '../../contract/fee-brands.ts';
import type { OrderConfig } from '../lib/order-config.ts';
import { useCustomerInstallmentLabels } from './use-customer-installment-labels.ts';

interface CustomerInstallmentLabelsProps {
  order: OrderConfig;
  brand: FeeBrand;
  /** The label of each option, 1x first. */
  onChange: (labels: readonly string[] | undefined) => void;
}

/**
 * Renders nothing: it runs the fee simulations (TanStack queries, loaded only for orders whose customer
 * pays the fees) and hands the card form the resulting labels. They travel as one string so the parent
 * re-renders only when a label's text changes, not on every query tick.
 */
export function CustomerInstallmentLabels({ order, brand, onChange }: CustomerInstallmentLabelsProps) {
  const label = useCustomerInstallmentLabels(order, brand);
  const joined = label
    ? Array.from({ length: order.maxInstallments }, (_, i) => label(i + 1)).join('\n')
    : undefined;
  useEffect(() => {
    onChange(joined?.split('\n'));
  }, [joined, onChange]);
  return null;
}
