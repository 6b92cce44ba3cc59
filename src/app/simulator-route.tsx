import { Suspense } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { lazyWithQueries } from './lazy-with-queries.tsx';
import { navigate } from './use-location.ts';

/** Merchants only: shoppers never download the simulator, its chart or its styles. */
const FeeSimulatorPage = lazyWithQueries(() =>
  import('../features/fee-simulator/fee-simulator-page.tsx').then((module) => module.FeeSimulatorPage),
);

function changeSearch(next: URLSearchParams) {
  navigate(`/simulator?${next.toString()}`);
}

export function SimulatorRoute({ search }: { search: URLSearchParams }) {
  const { t } = useI18n();
  return (
    <Suspense fallback={<Spinner label={t('app.loading')} />}>
      <FeeSimulatorPage search={search} onSearchChange={changeSearch} />
    </Suspense>
  );
}
