import type { FeeInstallment } from '../../../contract/gateway/fee-simulation.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents, formatReais } from '../../lib/money.ts';
import { formatPercent } from '../../lib/percent.ts';
import { TableScroll } from './table-scroll.tsx';
import { forecastDay, formatForecastDate } from './forecast-date.ts';
import { installmentTotals } from './totals.ts';

export const INSTALLMENTS_TABLE_ID = 'simulator-installments';

/** The schedule as numbers; it is also the chart's text alternative, so it comes first. */
export function InstallmentsTable({ installments }: { installments: readonly FeeInstallment[] }) {
  const { t, locale } = useI18n();
  const totals = installmentTotals(installments);
  return (
    <TableScroll labelledBy={`${INSTALLMENTS_TABLE_ID}-caption`}>
      <table id={INSTALLMENTS_TABLE_ID} className="simulator-table simulator-table--stacks">
        <caption id={`${INSTALLMENTS_TABLE_ID}-caption`}>{t('simulator.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('simulator.table.installment')}</th>
            <th scope="col">{t('simulator.table.date')}</th>
            <th scope="col" className="num">
              {t('simulator.table.gross')}
            </th>
            <th scope="col" className="num">
              {t('simulator.table.net')}
            </th>
            <th scope="col" className="num">
              {t('simulator.table.rate')}
            </th>
            <th scope="col" className="num">
              {t('simulator.table.anticipated')}
            </th>
          </tr>
        </thead>
        <tbody>
          {installments.map((entry) => (
            <tr key={entry.installment}>
              <th scope="row">{entry.installment}</th>
              <td data-label={t('simulator.table.date')}>
                <time dateTime={forecastDay(entry.previsionPaymentDate)}>
                  {formatForecastDate(entry.previsionPaymentDate, locale)}
                </time>
              </td>
              <td className="num" data-label={t('simulator.table.gross')}>
                {formatReais(entry.grossAmount, locale)}
              </td>
              <td className="num" data-label={t('simulator.table.net')}>
                {formatReais(entry.netAmount, locale)}
              </td>
              <td className="num" data-label={t('simulator.table.rate')}>
                {formatPercent(entry.antecipationRate, locale)}
              </td>
              <td className="num" data-label={t('simulator.table.anticipated')}>
                {formatReais(entry.antecipatedAmount, locale)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('simulator.table.total')}
            </th>
            <td className="num" data-label={t('simulator.table.gross')}>
              {formatCents(totals.grossCents, locale)}
            </td>
            <td className="num" data-label={t('simulator.table.net')}>
              {formatCents(totals.netCents, locale)}
            </td>
            <td className="simulator-table__empty" />
            <td className="num" data-label={t('simulator.table.anticipated')}>
              {formatCents(totals.anticipatedCents, locale)}
            </td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
