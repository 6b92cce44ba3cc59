import { Suspense, useDeferredValue, useEffect, useRef, type ComponentProps } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { lazyComponent } from '../ui/lazy-component.ts';
import { Spinner } from '../ui/spinner.tsx';
import { lazyWithQueries } from './lazy-with-queries.tsx';
import { navigate } from './use-location.ts';

/**
 * Merchants only: shoppers never download the simulator, its chart or its styles — nor these two
 * declarations, which name its chunks (in lazy-screens.tsx they were part of the checkout's first load).
 */
const FeeSimulatorPage = lazyComponent(() =>
  import('../features/fee-simulator/fee-simulator-page.tsx').then((m) => m.FeeSimulatorPage),
);

/** Server state (TanStack Query, the gateway client) loads only once there is something to simulate. */
const SimulationResult = lazyWithQueries(() =>
  import('../features/fee-simulator/simulation-result.tsx').then((m) => m.SimulationResult),
);

function ResultWhenLoaded(props: ComponentProps<typeof SimulationResult>) {
  const { t } = useI18n();
  return (
    <Suspense fallback={<Spinner label={t('app.loading')} />}>
      <SimulationResult {...props} />
    </Suspense>
  );
}

function changeSearch(next: URLSearchParams) {
  navigate(`/simulator?${next.toString()}`);
}

export function SimulatorRoute({ search }: { search: URLSearchParams }) {
  const { t } = useI18n();
  const title = useRef<HTMLHeadingElement>(null);
  // A new screen: keyboard and screen-reader users start at its heading.
  useEffect(() => {
    title.current?.focus();
  }, []);
  // The title and intro need no code from the lazy chunk: they paint first (the page's LCP), and only
  // the render after that asks for the chunk, so the first paint never waits on the network.
  const loadPage = useDeferredValue(true, false);
  return (
    <div className="simulator">
      <h1 ref={title} tabIndex={-1}>
        {t('simulator.title')}
      </h1>
      <p className="simulator__intro">{t('simulator.intro')}</p>
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        {loadPage ? (
          <FeeSimulatorPage search={search} onSearchChange={changeSearch} Result={ResultWhenLoaded} />
        ) : (
          <Spinner label={t('app.loading')} />
        )}
      </Suspense>
    </div>
  );
}
