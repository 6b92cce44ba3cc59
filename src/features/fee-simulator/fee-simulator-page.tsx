import { useCallback, useState, type ComponentType } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Alert } from '../../ui/alert.tsx';
import type { SimulationResultProps } from './simulation-result.tsx';
import { SimulatorForm } from './simulator-form.tsx';
import { readSimulatorSearch, writeSimulatorSearch, type SimulatorParams } from './simulator-search.ts';
import './fee-simulator.css';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/fee-simulator.ts';

interface FeeSimulatorPageProps {
  search: URLSearchParams;
  /** The app owns the URL: features cannot reach its router. */
  onSearchChange: (next: URLSearchParams) => void;
  /**
   * The result screen, lazily loaded by the app with the query client: a merchant who has not simulated
   * yet downloads neither (see src/app/simulator-route.tsx).
   */
  Result: ComponentType<SimulationResultProps>;
}

/**
 * The URL is the simulation: the form writes it, the result reads it, so links and reloads reproduce it.
 * The page's title and intro come from the route (src/app/simulator-route.tsx), which paints them first.
 */
export function FeeSimulatorPage({ search, onSearchChange, Result }: FeeSimulatorPageProps) {
  const { t, locale } = useI18n();
  const reading = readSimulatorSearch(search);
  const [submitCount, setSubmitCount] = useState(0);
  const [pending, setPending] = useState(false);
  const submit = (params: SimulatorParams) => {
    setSubmitCount((count) => count + 1);
    onSearchChange(writeSimulatorSearch(search, params));
  };
  const onPendingChange = useCallback((value: boolean) => setPending(value), []);

  // Re-created when the link's values or the language change, so the fields show them.
  const formKey = `${locale}|${JSON.stringify(reading.partial)}`;
  return (
    <>
      <section className="simulator__panel">
        <Alert>{reading.incomplete ? t('simulator.linkIncomplete') : null}</Alert>
        <SimulatorForm
          key={formKey}
          initial={reading.partial}
          busy={reading.complete !== null && pending}
          onSubmit={submit}
        />
      </section>
      {reading.complete ? (
        <Result params={reading.complete} submitCount={submitCount} onPendingChange={onPendingChange} />
      ) : null}
    </>
  );
}
