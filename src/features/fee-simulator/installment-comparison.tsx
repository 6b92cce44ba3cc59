import { useQueries, useQueryClient } from '@tanstack/react-query';
import { feeSimulationQueryOptions } from '../../api/fee-simulation-queries.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { FEE_BRAND_NAMES } from '../../lib/fee-brand.ts';
import { formatCents, formatReais } from '../../lib/money.ts';
import { reaisToCents } from '../../lib/money-input.ts';
import { TableScroll } from './table-scroll.tsx';
import { simulationRequest, type SimulatorParams } from './simulator-search.ts';

const COUNTS = Array.from({ length: 12 }, (_, i) => i + 1);
/** At most this many comparison requests in flight: twelve at once would be a burst for one table. */
const MAX_IN_FLIGHT = 4;

/**
 * Net and gross for the same amount across 1–12 installments. Each row is its own cached query (the
 * same key as the main result and the checkout's labels), so revisiting a simulation asks nothing again.
 */
export function InstallmentComparison({ params }: { params: SimulatorParams }) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const baseUrl = useGatewayBase();
  const options = COUNTS.map((count) => feeSimulationQueryOptions(baseUrl, simulationRequest(params, count)));
  const settled = options.map((option) => {
    const status = queryClient.getQueryState(option.queryKey)?.status;
    return status === 'success' || status === 'error';
  });
  const results = useQueries({
    queries: options.map((option, index) => ({
      ...option,
      // A row starts once all but MAX_IN_FLIGHT - 1 of the rows before it have their answer.
      enabled: settled.slice(0, index).filter(Boolean).length >= index - (MAX_IN_FLIGHT - 1),
    })),
  });

  return (
    <TableScroll labelledBy="simulator-compare-caption">
      <table className="simulator-table simulator-table--stacks simulator-compare">
        <caption id="simulator-compare-caption">
          {t('simulator.compare.caption', {
            amount: formatCents(params.amount, locale),
            brand: FEE_BRAND_NAMES[params.brand],
            payer: t(`simulator.compare.payer.${params.feeResponsible}`),
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('simulator.compare.installments')}</th>
            <th scope="col" className="num">
              {t('simulator.compare.gross')}
            </th>
            <th scope="col" className="num">
              {t('simulator.compare.net')}
            </th>
            <th scope="col" className="num">
              {t('simulator.compare.fees')}
            </th>
          </tr>
        </thead>
        <tbody>
          {results.map((result, index) => {
            const count = index + 1;
            const current = count === params.installments;
            const data = result.data;
            return (
              <tr
                key={count}
                className={current ? 'simulator-compare__current' : undefined}
                aria-busy={data ? undefined : result.isError ? undefined : true}
              >
                <th scope="row">
                  {t('simulator.installmentOption', { count })}
                  {current ? (
                    <span className="visually-hidden"> {t('simulator.compare.current')}</span>
                  ) : null}
                </th>
                {data ? (
                  <>
                    <td className="num" data-label={t('simulator.compare.gross')}>
                      {formatReais(data.grossAmount, locale)}
                    </td>
                    <td className="num" data-label={t('simulator.compare.net')}>
                      {formatReais(data.netAmount, locale)}
                    </td>
                    <td className="num" data-label={t('simulator.compare.fees')}>
                      {formatCents(reaisToCents(data.grossAmount) - reaisToCents(data.netAmount), locale)}
                    </td>
                  </>
                ) : (
                  <td
                    colSpan={3}
                    className={result.isError ? 'simulator-compare__failed' : 'simulator-compare__loading'}
                  >
                    {result.isError ? (
                      t('simulator.compare.failed')
                    ) : (
                      <>
                        <span className="spinner" aria-hidden="true" /> {t('simulator.compare.loading')}
                      </>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
