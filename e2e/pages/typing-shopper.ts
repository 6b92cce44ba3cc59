import { expect, type Locator, type Page } from '@playwright/test';
import { ANA, APPROVED_VISA, SAO_PAULO } from '../test-shoppers.ts';
import { startOf, type Language } from '../words.ts';

/**
 * A shopper who types only what the form still asks: every visible, empty field of the shown payment
 * form, in page order, one at a time — so whatever one field fills by itself (a CEP lookup, the name on
 * the card as billing name, the session's customer) is not typed. Counts the fields typed.
 */
const VALUES: readonly (readonly [RegExp, string])[] = [
  [/cc-number/, APPROVED_VISA.number],
  [/cc-name/, ANA.name.toUpperCase()],
  [/cc-exp/, APPROVED_VISA.expiry],
  [/cc-csc/, APPROVED_VISA.cvv],
  [/postal-code/, SAO_PAULO.zipcode],
  [/address-line1/, SAO_PAULO.street],
  [/address-line2/, SAO_PAULO.number],
  [/address-level3/, SAO_PAULO.neighborhood],
  [/address-level2/, SAO_PAULO.city],
  [/address-level1/, SAO_PAULO.state],
  [/(^|\s)name$/, ANA.name],
  [/email/, ANA.email],
  [/tel/, ANA.phone],
];
const BY_NAME: readonly (readonly [RegExp, string])[] = [
  [/tax|document|cpf/i, ANA.taxId],
  [/number$/i, SAO_PAULO.number],
];

/** What the CEP field says once its lookup has ended (its hint, before any error), in either language. */
const CEP_LOOKUP_ENDED = new RegExp(
  (['en', 'pt-BR'] satisfies Language[])
    .flatMap((language) =>
      (['address.cepFilled', 'address.cepUnknown'] as const).map((key) => startOf(key, language).source),
    )
    .join('|'),
);

export interface TypedField {
  /** The field's accessible label or name, for the report. */
  field: string;
}

async function valueFor(field: Locator): Promise<string> {
  const autocomplete = (await field.getAttribute('autocomplete')) ?? '';
  const name = (await field.getAttribute('name')) ?? '';
  const hit =
    VALUES.find(([pattern]) => pattern.test(autocomplete)) ?? BY_NAME.find(([pattern]) => pattern.test(name));
  if (!hit) throw new Error(`no test value for the field ${name} (${autocomplete})`);
  return hit[1];
}

/** Types every field `form` still shows empty; returns what it typed. */
export async function typeWhatIsAsked(form: Locator): Promise<string[]> {
  const typed: string[] = [];
  for (let guard = 0; guard < 40; guard++) {
    const empty = await form.evaluate((element) => {
      const controls = [...element.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')];
      return controls.findIndex((control) => {
        if (control instanceof HTMLInputElement && ['checkbox', 'radio', 'hidden'].includes(control.type))
          return false;
        const box = control.getBoundingClientRect();
        const visible = box.width > 0 && box.height > 0 && getComputedStyle(control).visibility !== 'hidden';
        const readOnly = control instanceof HTMLInputElement && control.readOnly;
        return visible && !control.disabled && !readOnly && control.value.trim() === '';
      });
    });
    if (empty < 0) return typed;
    const field = form.locator('input, select').nth(empty);
    const value = await valueFor(field);
    const name = (await field.getAttribute('name')) ?? String(empty);
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
    await field.blur();
    typed.push(name);
    // A CEP may fill the address: its lookup has ended, found or not, before the next empty field is
    // looked for. (Every CEP this shopper meets is looked up: the PIX delivery address, which is not,
    // stays folded behind "ship to the billing address".)
    if (/zip|cep|postal/i.test(name)) await expect(field).toHaveAccessibleDescription(CEP_LOOKUP_ENDED);
  }
  throw new Error('the form kept asking');
}

/** The payment form on screen (the one with a visible submit button). */
export function shownPaymentForm(page: Page): Locator {
  return page.locator('form').filter({ has: page.locator('button[type="submit"]:visible') });
}

export async function expectOneShownForm(page: Page): Promise<Locator> {
  const form = shownPaymentForm(page);
  await expect(form).toHaveCount(1);
  return form;
}
