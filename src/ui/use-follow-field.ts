import { useEffect, useRef } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * `target` takes what is typed in `source` — the name on the card becomes the billing name — for as long
 * as the shopper has not typed a different one there: one name, typed once.
 */
export function useFollowField<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setValue' | 'subscribe' | 'getFieldState'>,
  source: FieldPath<T>,
  target: FieldPath<T>,
): void {
  const { getValues, setValue, subscribe, getFieldState } = form;
  const copied = useRef<unknown>(undefined);
  useEffect(
    () =>
      subscribe({
        name: source,
        formState: { values: true },
        callback: () => {
          const from: unknown = getValues(source);
          const current: unknown = getValues(target);
          if (typeof from !== 'string' || (current !== '' && current !== copied.current)) return;
          copied.current = from;
          // A folded target refused while its source was empty must not keep that error once it follows.
          setValue(target, from as PathValue<T, FieldPath<T>>, {
            shouldValidate: getFieldState(target).invalid,
          });
        },
      }),
    [getValues, setValue, subscribe, getFieldState, source, target],
  );
}
