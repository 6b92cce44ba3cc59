import { useEffect, useRef, useState } from 'react';
import { completeCep } from '../lib/input-masks.ts';
import type { CepFields, CepForm } from './cep-fill.ts';

/** What the shopper hears and sees beside the CEP. */
export type CepLookupState = 'idle' | 'looking' | 'filled' | 'not-found';

/**
 * Typing a CEP's 8th digit fills street, neighbourhood, city and UF from the checkout server and moves
 * focus to the number — but only fields that are empty or still hold what an earlier lookup put there:
 * nothing the shopper typed is overwritten. A lookup that fails or is slow fills nothing and never
 * blocks paying. The lookup code loads with the first complete CEP, not with the form.
 */
export function useCepAutofill(form: CepForm | undefined, fields: CepFields) {
  const [state, setState] = useState<CepLookupState>('idle');
  // What the last lookup wrote, field by field: those values may be replaced by the next one.
  const filled = useRef(new Map<string, string>());
  const asked = useRef<string | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  // Called by the CEP field's onChange (address-fields.tsx), after its mask.
  const onCepChange = (value: string) => {
    if (!form) return;
    const cep = completeCep(value);
    if (cep === asked.current) return;
    asked.current = cep;
    controller.current?.abort();
    if (!cep) {
      setState('idle');
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setState('looking');
    void import('./cep-fill.ts')
      .then(({ fillFromCep }) => fillFromCep(form, fields, cep, filled.current, current.signal))
      .catch(() => 'not-found' as const)
      .then((result) => {
        if (result !== 'aborted' && !current.signal.aborted) setState(result);
      });
  };
  return { state, onCepChange };
}
