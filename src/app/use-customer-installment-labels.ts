import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import { feeSimulationQueryOptions } from '../api/fee-simulation-queries.ts';
import { useGatewayBase } from '../api/gateway-base.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { FeeBrand } from '../../contract/fee-brands.ts';
import { formatReais } from '../lib/money.ts';
import type { OrderConfig } from '../lib/order-config.ts';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../i18n/catalogues/fee-simulator.ts';

/**
 * When the shopper pays the fees, each installment option shows what they really pay, from the gateway's
 * simulation of that count (one cached query each, shared with the fee simulator). Returns undefined when
 * the store pays, so the card form keeps its "no interest" labels.
 */
export interface CustomerInstallmentPrices {
  label: (count: number) => string;
  /** What is charged for `count` installments, in cents; undefined until the simulation answers. */
  charged: (count: number) => number | undefined;
}

export function useCustomerInstallmentLabels(
  order: OrderConfig,
  brand: FeeBrand,
): CustomerInstallmentPrices | undefined {
  const { t, locale } = useI18n();
  const baseUrl = useGatewayBase();
  const customerPays = order.feesPaidBy === 'customer';
  const counts = Array.from({ length: customerPays ? order.maxInstallments : 0 }, (_, i) => i + 1);
  const results = useQueries({
    queries: counts.map((count) =>
      feeSimulationQueryOptions(baseUrl, {
        brand,
        installments: count,
        amount: order.amount,
        fee_responsible: 'customer',
      }),
    ),
  });

  // The installment shown is the first, which carries any leftover cent: never less than what is charged.
  const label = useCallback(
    (count: number): string => {
      const result = results[count - 1];
      const data = result?.data;
      if (!data) {
        return t(result?.isError ? 'installmentFees.unavailable' : 'installmentFees.calculating', {
          count,
        });
      }
      const total = formatReais(data.grossAmount, locale);
      if (count === 1) return t('installmentFees.single', { amount: total });
      const each = data.installments[0]?.grossAmount ?? data.grossAmount / count;
      return t('installmentFees.perInstallment', { count, amount: formatReais(each, locale), total });
    },
    [results, t, locale],
  );
  // The server checks a card's amount against the same simulation (server/payments/customer-fees.ts).
  const charged = useCallback(
    (count: number): number | undefined => {
      const gross = results[count - 1]?.data?.grossAmount;
      return gross === undefined ? undefined : Math.round(gross * 100);
    },
    [results],
  );
  return customerPays ? { label, charged } : undefined;
}
