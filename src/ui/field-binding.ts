import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * How a group of shared fields (customer, address) plugs into any form that has them: the form's own
 * `register` and its already translated errors, for the field names the group uses.
 */
export interface FieldBinding<N extends string> {
  register: (name: N) => UseFormRegisterReturn;
  errorText: (name: N) => string | undefined;
}
