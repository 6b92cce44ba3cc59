import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { feeSimulationQueryOptions } from '../../api/fee-simulation-queries.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import { isGatewayError } from '../../api/is-gateway-error.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { errorMessageKey } from '../../ui/error-message.ts';
// Its failures' words (error.*) load with it, not with the checkout.
import '../../i18n/catalogues/form-errors.ts';
import { formatReais } from '../../lib/money.ts';
import { Alert } from '../../ui/alert.tsx';
import { InstallmentComparison } from './installment-comparison.tsx';
import { InstallmentsTable } from './installments-table.tsx';
import { ReceivablesChart } from './receivables-chart.tsx';
import { SimulationSummary } from './simulation-summary.tsx';
import { simulationRequest, type SimulatorParams } from './simulator-search.ts';

export interface SimulationResultProps {
  params: SimulatorParams;
  /** Bumped on each submit: the merchant asked, so focus goes to the answer when it arrives. */
  submitCount: number;
  onPendingChange: (pending: boolean) => void;
}

export function SimulationResult({ params, submitCount, onPendingChange }: SimulationResultProps) {
  const { t, locale } = useI18n();
  const baseUrl = useGatewayBase();
  const query = useQuery(feeSimulationQueryOptions(baseUrl, simulationRequest(params)));
  const heading = useRef<HTMLHeadingElement>(null);
  const focusedFor = useRef(0);

  useEffect(() => {
    onPendingChange(query.isPending);
  }, [query.isPending, onPendingChange]);

  useEffect(() => {
    if (query.data && submitCount > focusedFor.current) {
      focusedFor.current = submitCount;
      heading.current?.focus();
    }
  }, [query.data, submitCount]);

  const error = query.error;
  return (
    <>
      <p role="status" className="visually-hidden">
        {query.isPending
          ? t('simulator.loading')
          : query.data
            ? t('simulator.ready', {
                product: query.data.product,
                net: formatReais(query.data.netAmount, locale),
              })
            : ''}
      </p>
      <Alert>{error ? t(isGatewayError(error) ? errorMessageKey(error.kind) : 'error.server') : null}</Alert>
      {query.isPending ? (
        <p className="spinner-block" aria-hidden="true">
          <span className="spinner spinner--large" /> {t('simulator.loading')}
        </p>
      ) : null}
      {query.data ? (
        <section className="simulator-result" aria-labelledby="simulator-result-heading">
          <h2 id="simulator-result-heading" ref={heading} tabIndex={-1}>
            {t('simulator.result')}
          </h2>
          <SimulationSummary result={query.data} />
          <p className="simulator-share">{t('simulator.share')}</p>
          <InstallmentsTable installments={query.data.installments} />
          <ReceivablesChart installments={query.data.installments} />
          <h2>{t('simulator.compare.title')}</h2>
          <InstallmentComparison params={params} />
        </section>
      ) : null}
    </>
  );
}
