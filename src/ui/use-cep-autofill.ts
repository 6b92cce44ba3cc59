import { useEffect, useRef, useState } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import { BRAZIL_STATES } from '../lib/brazil-states.ts';
import { completeCep } from '../lib/input-masks.ts';

/** The fields a CEP fills, and the one that takes focus after (the number: the CEP cannot know it). */
export interface CepFields<T extends FieldValues> {
  zipcode: FieldPath<T>;
  street: FieldPath<T>;
  neighborhood?: FieldPath<T> | undefined;
  city: FieldPath<T>;
  state: FieldPath<T>;
  number: FieldPath<T>;
}

/** What the shopper hears and sees beside the CEP. */
export type CepLookupState = 'idle' | 'looking' | 'filled' | 'not-found';

type FormParts<T extends FieldValues> = Pick<
  UseFormReturn<T>,
  'subscribe' | 'getValues' | 'setValue' | 'setFocus'
>;

/**
 * Typing a CEP's 8th digit fills street, neighbourhood, city and UF from the checkout server and moves
 * focus to the number — but only fields that are empty or still hold what an earlier lookup put there:
 * nothing the shopper typed is overwritten. A lookup that fails or is slow fills nothing and never
 * blocks paying. The lookup code loads with the first complete CEP, not with the form.
 */
export function useCepAutofill<T extends FieldValues>(
  form: FormParts<T>,
  fields: CepFields<T>,
): CepLookupState {
  const { subscribe, getValues, setValue, setFocus } = form;
  const [state, setState] = useState<CepLookupState>('idle');
  // What the last lookup wrote, field by field: those values may be replaced by the next one.
  const filled = useRef(new Map<string, string>());
  const asked = useRef<string | undefined>(undefined);
  const { zipcode, street, neighborhood, city, state: uf, number } = fields;

  useEffect(() => {
    let controller: AbortController | undefined;
    const onCep = (value: unknown) => {
      const cep = completeCep(typeof value === 'string' ? value : '');
      if (cep === asked.current) return;
      asked.current = cep;
      controller?.abort();
      if (!cep) {
        setState('idle');
        return;
      }
      const current = new AbortController();
      controller = current;
      setState('looking');
      void import('../api/cep-lookup.ts')
        .then(({ lookupCep }) => lookupCep(cep, { signal: current.signal }))
        .catch(() => undefined)
        .then((address) => {
          if (current.signal.aborted) return;
          if (!address) {
            setState('not-found');
            return;
          }
          const parts: [FieldPath<T> | undefined, string][] = [
            [street, address.street],
            [neighborhood, address.neighborhood],
            [city, address.city],
            [uf, (BRAZIL_STATES as readonly string[]).includes(address.state) ? address.state : ''],
          ];
          for (const [name, value] of parts) {
            if (!name || value === '') continue;
            const held: unknown = getValues(name);
            const now = typeof held === 'string' ? held : '';
            if (now.trim() !== '' && filled.current.get(name) !== now) continue;
            setValue(name, value as PathValue<T, FieldPath<T>>, { shouldDirty: true, shouldValidate: true });
            filled.current.set(name, value);
          }
          setState('filled');
          // Only if the shopper is still on the CEP: a phone keyboard should not jump under their thumb.
          const active = document.activeElement;
          if (active instanceof HTMLInputElement && active.name === zipcode) setFocus(number);
        });
    };
    const unsubscribe = subscribe({
      name: zipcode,
      formState: { values: true },
      callback: ({ values }) => onCep(getValues(zipcode) ?? (values as Record<string, unknown>)[zipcode]),
    });
    return () => {
      unsubscribe();
      controller?.abort();
    };
  }, [subscribe, getValues, setValue, setFocus, zipcode, street, neighborhood, city, uf, number]);
  return state;
}
