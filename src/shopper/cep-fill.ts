import { lookupCep } from '../api/cep-lookup.ts';
import { BRAZIL_STATES } from './brazil-states.ts';
// The field's words after a lookup come with the lookup.
import '../i18n/catalogues/cep-lookup.ts';

/**
 * The parts of a react-hook-form form the lookup needs, by field name. Methods (not function
 * properties), so any form's typed `getValues`/`setValue`/`setFocus` fit.
 */
export interface CepForm {
  getValues(name: string): unknown;
  setValue(name: string, value: string, options: { shouldDirty: boolean; shouldValidate: boolean }): void;
  setFocus(name: string): void;
}

/** The fields a CEP fills, and the one that takes focus after (the number: the CEP cannot know it). */
export interface CepFields {
  zipcode: string;
  street: string;
  neighborhood?: string | undefined;
  city: string;
  state: string;
  streetNumber: string;
}

/**
 * Asks for the CEP's address and writes it into the fields that are empty or still hold what an earlier
 * lookup wrote (`filled`, kept by the hook): nothing the shopper typed is overwritten. Loaded with the
 * first complete CEP (use-cep-autofill.ts), not with the form.
 */
export async function fillFromCep(
  form: CepForm,
  fields: CepFields,
  cep: string,
  filled: Map<string, string>,
  signal: AbortSignal,
): Promise<'filled' | 'not-found' | 'aborted'> {
  const address = await lookupCep(cep, { signal });
  if (signal.aborted) return 'aborted';
  if (!address) return 'not-found';
  const parts: [string | undefined, string][] = [
    [fields.street, address.street],
    [fields.neighborhood, address.neighborhood],
    [fields.city, address.city],
    [fields.state, (BRAZIL_STATES as readonly string[]).includes(address.state) ? address.state : ''],
  ];
  const focused =
    document.activeElement instanceof HTMLElement ? document.activeElement.getAttribute('name') : null;
  for (const [name, text] of parts) {
    // Never under the shopper's fingers: the field being typed in is theirs.
    if (!name || text === '' || focused === name) continue;
    const held = form.getValues(name);
    const now = typeof held === 'string' ? held : '';
    if (now.trim() !== '' && filled.get(name) !== now) continue;
    form.setValue(name, text, { shouldDirty: true, shouldValidate: now.trim() !== '' });
    filled.set(name, text);
  }
  // Only if the shopper is still on the CEP: a phone keyboard should not jump under their thumb.
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && active.name === fields.zipcode)
    form.setFocus(fields.streetNumber);
  return 'filled';
}
