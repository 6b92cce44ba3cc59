import type { DesignerScenario } from '../../mock-core/designer-scenarios.ts';
import { DEMO_SHOPPER_FORM } from '../lib/demo-shopper.ts';

/**
 * Test data typed into the checkout's forms by field name (the names react-hook-form registers), through
 * the DOM as a shopper's typing would arrive: the forms need no designer code, and production carries none.
 */
const SHOPPER = DEMO_SHOPPER_FORM;

function valuesFor(
  method: DesignerScenario['method'],
  scenario: DesignerScenario | undefined,
): Record<string, string> {
  if (method === 'pix') return { ...SHOPPER, customerName: scenario?.payer ?? SHOPPER.customerName };
  const card = scenario?.card ?? { number: '4111111111111111', holder: 'MARIA SILVA' };
  return {
    ...SHOPPER,
    cardNumber: card.number.replace(/(\d{4})(?=\d)/g, '$1 '),
    holderName: card.holder,
    expiry: '12/34',
    cvv: '123',
  };
}

function isShown(element: Element): boolean {
  return element instanceof HTMLElement && element.offsetParent !== null;
}

/** The payment form on screen: the card form holds `cardNumber`, the PIX form does not. */
export function visibleForm(method: DesignerScenario['method']): HTMLFormElement | undefined {
  return Array.from(document.forms).find(
    (form) =>
      isShown(form) &&
      (method === 'credit_card'
        ? form.elements.namedItem('cardNumber') !== null
        : form.elements.namedItem('customerName') !== null && form.elements.namedItem('cardNumber') === null),
  );
}

/** The value a framework sees change: React tracks the native setter, not the property. */
function setValue(field: HTMLInputElement | HTMLSelectElement, value: string): void {
  const prototype =
    field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Fills every field of the form that has test data; true when there was a form to fill. */
export function fillForm(
  form: HTMLFormElement,
  method: DesignerScenario['method'],
  scenario?: DesignerScenario,
) {
  for (const [name, value] of Object.entries(valuesFor(method, scenario))) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLSelectElement) setValue(field, value);
    else if (field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio') {
      setValue(field, value);
    }
  }
}

/** "Fill test data": whichever payment form is on screen, card first. */
export function fillVisibleForm(): boolean {
  for (const method of ['credit_card', 'pix'] as const) {
    const form = visibleForm(method);
    if (form) {
      fillForm(form, method);
      return true;
    }
  }
  return false;
}
