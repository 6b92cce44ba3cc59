import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { endpointUrlSchema } from '../../../contract/webhook-endpoints.ts';
import type { EndpointInput } from './api.ts';
import { useDevelopersWords, type DevelopersMessages } from './developers-messages.ts';

// The URL by the API's own rule (endpointUrlSchema), with the console's words for a refusal.
function endpointFormSchema(m: DevelopersMessages) {
  return z.object({
    url: z.string().check(
      z.overwrite((value) => value.trim()),
      z.refine((value) => endpointUrlSchema.safeParse(value).success, m.endpointUrlInvalid),
    ),
    description: z.string().check(z.overwrite((value) => value.trim())),
    event_types: z.array(z.string()).check(z.minLength(1, m.eventsRequired)),
  });
}
type EndpointFormValues = z.infer<ReturnType<typeof endpointFormSchema>>;

/**
 * A webhook endpoint's URL (https; http only on localhost — the API's own rule), description and the
 * events it subscribes to (`*`: all, future ones too). Checked here for a quick answer; the server checks
 * again and its refusal is shown by the caller.
 */
export function EndpointForm({
  eventTypes,
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  eventTypes: string[];
  initial?: EndpointInput;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: EndpointInput) => void;
  onCancel?: () => void;
}) {
  const { m } = useDevelopersWords();
  const ids = {
    url: useId(),
    urlHint: useId(),
    urlError: useId(),
    description: useId(),
    eventsError: useId(),
  };
  const form = useForm<EndpointFormValues>({
    resolver: zodResolver(endpointFormSchema(m)),
    defaultValues: {
      url: initial?.url ?? '',
      description: initial?.description ?? '',
      event_types: initial?.event_types ?? [],
    },
  });
  const { errors, isSubmitted } = form.formState;
  const types = useWatch({ control: form.control, name: 'event_types' });
  const all = types.includes('*');
  const toggle = (type: string, on: boolean) => {
    const current = form.getValues('event_types');
    form.setValue(
      'event_types',
      on ? [...current.filter((value) => value !== type), type] : current.filter((value) => value !== type),
      { shouldValidate: isSubmitted },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit((values) =>
          onSubmit({
            url: values.url,
            description: values.description === '' ? null : values.description,
            event_types: values.event_types.includes('*') ? ['*'] : values.event_types,
          }),
        )(event);
      }}
    >
      <div className="field">
        <label htmlFor={ids.url}>{m.endpointUrl}</label>
        <input
          id={ids.url}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${ids.urlHint} ${ids.urlError}` : ids.urlHint}
          {...form.register('url')}
        />
        <p className="hint" id={ids.urlHint}>
          {m.endpointUrlHint}
        </p>
        {errors.url ? (
          <p className="field-error" id={ids.urlError}>
            {errors.url.message}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={ids.description}>{m.endpointDescription}</label>
        <input id={ids.description} maxLength={200} {...form.register('description')} />
      </div>
      <fieldset className="event-types" aria-describedby={errors.event_types ? ids.eventsError : undefined}>
        <legend>{m.endpointEvents}</legend>
        <label className="check">
          <input type="checkbox" checked={all} onChange={(event) => toggle('*', event.target.checked)} />
          {m.allEvents}
        </label>
        <div className="event-grid">
          {eventTypes
            .filter((type) => type !== '*')
            .map((type) => (
              <label key={type} className="check">
                <input
                  type="checkbox"
                  disabled={all}
                  checked={all || types.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                <code>{type}</code>
              </label>
            ))}
        </div>
        {errors.event_types ? (
          <p className="field-error" id={ids.eventsError} role="alert">
            {errors.event_types.message}
          </p>
        ) : null}
      </fieldset>
      <div className="actions">
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? m.working : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button" disabled={pending} onClick={onCancel}>
            {m.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
