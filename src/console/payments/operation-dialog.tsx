import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { formatCentsForInput, parseMoneyInput } from '../../lib/money-input.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { invalidateAfterOperation, runPaymentOperation } from './api.ts';
import { formatCents } from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';

/**
 * Capture or refund, confirmed in a modal dialog (focus kept inside, Esc closes): the amount in BRL,
 * checked against what may be taken now, and one idempotency key per opened dialog — a double click or a
 * retry after a lost answer is the same operation, never a second one.
 */
export function OperationDialog({
  paymentId,
  kind,
  max,
  onClose,
}: {
  paymentId: string;
  kind: 'capture' | 'refund';
  max: number;
  onClose: (message?: string) => void;
}) {
  const { t, locale } = useConsoleI18n();
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [key] = useState(() => crypto.randomUUID());
  const ids = { title: useId(), amount: useId(), hint: useId(), error: useId() };
  const schema = z.object({
    amount: z.string().check(
      z.refine(
        (text) => parseMoneyInput(text, locale) !== null && (parseMoneyInput(text, locale) ?? 0) > 0,
        t.invalidAmount,
      ),
      z.refine(
        (text) => (parseMoneyInput(text, locale) ?? 0) <= max,
        t.amountTooLarge(formatCents(max, locale)),
      ),
    ),
  });
  const form = useForm<{ amount: string }>({
    resolver: zodResolver(schema),
    defaultValues: { amount: formatCentsForInput(max, locale) },
  });
  const mutation = useMutation({
    mutationFn: (amount: number) => runPaymentOperation(paymentId, kind, { amount, idempotency_key: key }),
    onSuccess: async (operation) => {
      await invalidateAfterOperation(queryClient, paymentId);
      onClose(operation.status === 'succeeded' ? t.operationDone : t.operationPending);
    },
  });
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const typed = parseMoneyInput(useWatch({ control: form.control, name: 'amount' }), locale);
  const shown = formatCents(typed !== null && typed > 0 && typed <= max ? typed : max, locale);
  const error = form.formState.errors.amount;
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={ids.title}
      onCancel={(event) => {
        event.preventDefault();
        if (!mutation.isPending) onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          void form.handleSubmit((values) => {
            const cents = parseMoneyInput(values.amount, locale);
            if (cents !== null) mutation.mutate(cents);
          })(event);
        }}
      >
        <h2 id={ids.title}>{kind === 'capture' ? t.captureTitle : t.refundTitle}</h2>
        {mutation.isError ? (
          <p role="alert" className="alert" id={ids.error}>
            {mutation.error instanceof ConsoleApiError && mutation.error.type !== 'network'
              ? mutation.error.message
              : t.errorNetwork}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={ids.amount}>{t.amountLabel}</label>
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.hint} ${ids.amount}-error` : ids.hint}
            {...form.register('amount')}
          />
          <p className="hint" id={ids.hint}>
            {t.amountHint(formatCents(max, locale))}
          </p>
          {error ? (
            <p className="field-error" id={`${ids.amount}-error`}>
              {error.message}
            </p>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="button primary" disabled={mutation.isPending}>
            {mutation.isPending
              ? t.working
              : kind === 'capture'
                ? t.confirmCapture(shown)
                : t.confirmRefund(shown)}
          </button>
          <button type="button" className="button" disabled={mutation.isPending} onClick={() => onClose()}>
            {t.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
