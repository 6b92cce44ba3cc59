import { useEffect } from 'react';
import type { FeeBrand } from '../../contract/fee-brands.ts';
import type { OrderConfig } from '../lib/order-config.ts';
import { useCustomerInstallmentLabels } from './use-customer-installment-labels.ts';

/** Each option's label and the cents it charges (undefined while its simulation is on the way), 1x first. */
export interface InstallmentPrices {
  labels: readonly string[];
  charged: readonly (number | undefined)[];
}

interface CustomerInstallmentLabelsProps {
  order: OrderConfig;
  brand: FeeBrand;
  onChange: (prices: InstallmentPrices | undefined) => void;
}

/**
 * Renders nothing: it runs the fee simulations (TanStack queries, loaded only for orders whose customer
 * pays the fees) and hands the checkout the resulting labels and prices. They travel as one string so the
 * parent re-renders only when a label or price changes, not on every query tick.
 */
export function CustomerInstallmentLabels({ order, brand, onChange }: CustomerInstallmentLabelsProps) {
  const prices = useCustomerInstallmentLabels(order, brand);
  const joined = prices
    ? JSON.stringify(
        Array.from({ length: order.maxInstallments }, (_, i) => [prices.label(i + 1), prices.charged(i + 1)]),
      )
    : undefined;
  useEffect(() => {
    if (joined === undefined) {
      onChange(undefined);
      return;
    }
    const rows = JSON.parse(joined) as [string, number | null][];
    onChange({ labels: rows.map(([label]) => label), charged: rows.map(([, cents]) => cents ?? undefined) });
  }, [joined, onChange]);
  return null;
}
