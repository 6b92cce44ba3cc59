import { designerScenario, type DesignerScenario } from '../../mock-core/designer-scenarios.ts';
import { fillForm, visibleForm } from './fill-form.ts';

export const SCENARIO_PARAM = 'scenario';

/** The scenario the page was opened with, if any (`?scenario=…`). */
export function requestedScenario(search: string = window.location.search): DesignerScenario | undefined {
  return designerScenario(new URLSearchParams(search).get(SCENARIO_PARAM));
}

/**
 * The static preview's order for a scenario: the URL's own parameters, plus the 3DS or PIX a scenario
 * needs when the link did not say (the demo order fills the rest, CheckoutRoute). Applied before the app
 * renders, so the page shows the order it pays. `npm start`'s server builds the session from the same.
 */
export function applyScenarioOrder(scenario: DesignerScenario): void {
  const url = new URL(window.location.href);
  if (scenario.threeDS && !url.searchParams.has('threeds')) url.searchParams.set('threeds', 'required');
  if (url.href !== window.location.href) window.history.replaceState(null, '', url.href);
}

function waitFor<T>(find: () => T | undefined, timeoutMs = 15_000): Promise<T | undefined> {
  return new Promise((resolve) => {
    const started = Date.now();
    const look = () => {
      const found = find();
      if (found !== undefined || Date.now() - started > timeoutMs) resolve(found);
      else window.setTimeout(look, 100);
    };
    look();
  });
}

/**
 * Opens the scenario's state as a shopper would reach it: chooses the method, fills the form with the
 * scenario's test data and submits. The first submit only: a reload of the result must not pay again,
 * so the `scenario` parameter leaves the address once the form is sent.
 */
export async function runScenario(scenario: DesignerScenario): Promise<void> {
  if (scenario.method === 'pix') {
    const radio = await waitFor(
      () =>
        document.querySelector<HTMLInputElement>('input[type="radio"][value="pix"]') ?? visibleForm('pix'),
    );
    if (radio instanceof HTMLInputElement && !radio.checked) radio.click();
  }
  const form = await waitFor(() => visibleForm(scenario.method));
  if (!form) return;
  fillForm(form, scenario.method, scenario);
  // Let the form take the values (a render) before it validates them.
  await new Promise((resolve) => window.setTimeout(resolve, 50));
  const url = new URL(window.location.href);
  url.searchParams.delete(SCENARIO_PARAM);
  window.history.replaceState(window.history.state, '', url.href);
  form.requestSubmit();
}
