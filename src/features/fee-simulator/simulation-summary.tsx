import type { FeeSimulationResponse } from '../../../contract/gateway/fee-simulation.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageKey } from '../../i18n/messages.ts';
import { formatReais } from '../../lib/money.ts';
import { formatPercent } from '../../lib/percent.ts';

export function SimulationSummary({ result }: { result: FeeSimulationResponse }) {
  const { t, locale } = useI18n();
  const rows: [MessageKey, string][] = [
    ['simulator.summary.brand', result.brand],
    ['simulator.summary.product', result.product],
    ['simulator.summary.platform', result.plataformType],
    ['simulator.summary.gross', formatReais(result.grossAmount, locale)],
    ['simulator.summary.net', formatReais(result.netAmount, locale)],
    ['simulator.summary.mdr', formatPercent(result.mdr, locale)],
    ['simulator.summary.anticipationRate', formatPercent(result.antecipationRate, locale)],
    ['simulator.summary.anticipated', formatReais(result.antecipatedAmount, locale)],
  ];
  return (
    <dl className="simulator-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="simulator-summary__item">
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
