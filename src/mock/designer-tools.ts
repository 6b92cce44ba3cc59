import { appPathOf } from '../lib/app-path.ts';
import { mountDesignerPanel } from './designer-panel.tsx';
import { applyScenarioOrder, requestedScenario, runScenario } from './run-scenario.ts';

/**
 * What the designers' tools do around the app's first render (src/app/main.tsx): the scenario's order
 * goes into the address first, so the page shows what it pays; then the panel, and the scenario is run.
 */
export function beforeRender(): void {
  const scenario = requestedScenario();
  // The preview's URL order; a session page's order is the session's (npm start made it for the scenario).
  if (scenario && appPathOf(window.location.pathname) === '/') applyScenarioOrder(scenario);
}

export function afterRender(): void {
  mountDesignerPanel();
  const scenario = requestedScenario();
  if (scenario) void runScenario(scenario);
}
