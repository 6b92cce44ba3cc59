import { useEffect, useState } from 'react';
import { feeBrandForCardType } from '../../../contract/fee-brands.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { OrderConfig } from '../../lib/order-config.ts';
import type { InstallmentPrices } from './installment-prices.ts';

/**
 * Each installment plan's label and price when the shopper pays the fees: the gateway's simulation for
 * the card's network (`cardType`, credit-card-type's id; the default network until the number names
 * one), watched by a module that loads only for such orders (TanStack Query is not part of the first
 * load). Undefined when the store pays: every plan charges the order's amount.
 */
export function useInstallmentPrices(
  order: OrderConfig,
  cardType: string | undefined,
): InstallmentPrices | undefined {
  const i18n = useI18n();
  const baseUrl = useGatewayBase();
  const [prices, setPrices] = useState<InstallmentPrices>();
  const brand = order.feesPaidBy === 'customer' ? feeBrandForCardType(cardType) : undefined;
  useEffect(() => {
    if (!brand) return undefined;
    const watching = import('./installment-prices.ts').then((m) =>
      m.watchInstallmentPrices({ baseUrl, order, brand }, i18n, setPrices),
    );
    return () => void watching.then((stop) => stop());
  }, [baseUrl, order, brand, i18n]);
  // Prices on their way: no price yet, the form's own labels meanwhile.
  return brand ? (prices ?? { labels: [], charged: [] }) : undefined;
}
