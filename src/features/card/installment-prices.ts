import { QueriesObserver, type QueryObserverResult } from '@tanstack/react-query';
import type { FeeBrand } from '../../../contract/fee-brands.ts';
import type { FeeSimulationResponse } from '../../../contract/gateway/fee-simulation.ts';
import { feeSimulationQueryOptions } from '../../api/fee-simulation-queries.ts';
import { queryClient } from '../../api/query-boundary.tsx';
import type { I18n } from '../../i18n/i18n-context.tsx';
import { formatReais } from '../../lib/money.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
// Loaded only for orders whose customer pays the fees; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/fee-simulator.ts';

/** Each option's label and the cents it charges (undefined while its simulation is on the way), 1x first. */
export interface InstallmentPrices {
  labels: readonly string[];
  charged: readonly (number | undefined)[];
}

export interface PricedOrder {
  baseUrl: string;
  order: Pick<OrderConfig, 'amount' | 'maxInstallments'>;
  brand: FeeBrand;
}

/**
 * When the shopper pays the fees, each installment option shows what they really pay, from the gateway's
 * simulation of that count (one cached query each, shared with the fee simulator). Calls `onChange` with
 * the labels and prices whenever a label or a price changes (not on every query tick); returns the way
 * to stop watching.
 */
export function watchInstallmentPrices(
  { baseUrl, order, brand }: PricedOrder,
  { t, locale }: I18n,
  onChange: (prices: InstallmentPrices) => void,
): () => void {
  const counts = Array.from({ length: order.maxInstallments }, (_, i) => i + 1);
  const observer = new QueriesObserver(
    queryClient,
    counts.map((count) =>
      feeSimulationQueryOptions(baseUrl, {
        brand,
        installments: count,
        amount: order.amount,
        fee_responsible: 'customer',
      }),
    ),
  );

  // The installment shown is the first, which carries any leftover cent: never less than what is charged.
  const label = (result: QueryObserverResult<FeeSimulationResponse> | undefined, count: number): string => {
    const data = result?.data;
    if (!data) {
      return t(result?.isError ? 'installmentFees.unavailable' : 'installmentFees.calculating', { count });
    }
    const total = formatReais(data.grossAmount, locale);
    if (count === 1) return t('installmentFees.single', { amount: total });
    const each = data.installments[0]?.grossAmount ?? data.grossAmount / count;
    return t('installmentFees.perInstallment', { count, amount: formatReais(each, locale), total });
  };
  let last: string | undefined;
  const report = (results: QueryObserverResult[]) => {
    const simulations = results as QueryObserverResult<FeeSimulationResponse>[];
    const prices: InstallmentPrices = {
      labels: counts.map((count) => label(simulations[count - 1], count)),
      // The server checks a card's amount against the same simulation (server/payments/customer-fees.ts).
      charged: counts.map((count) => {
        const gross = simulations[count - 1]?.data?.grossAmount;
        return gross === undefined ? undefined : Math.round(gross * 100);
      }),
    };
    const joined = JSON.stringify(prices);
    if (joined === last) return;
    last = joined;
    onChange(prices);
  };

  // What a QueryClientProvider does for its screens: the client follows focus and connectivity while used.
  queryClient.mount();
  const unsubscribe = observer.subscribe(report);
  report(observer.getCurrentResult());
  return () => {
    unsubscribe();
    queryClient.unmount();
  };
}
