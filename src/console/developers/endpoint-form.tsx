import { useId, useState } from 'react';
import { endpointUrlSchema } from '../../../contract/webhook-endpoints.ts';
import type { EndpointInput } from './api.ts';
import { useDevelopersWords } from './developers-messages.ts';

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
  const [url, setUrl] = useState(initial?.url ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [types, setTypes] = useState<string[]>(initial?.event_types ?? []);
  const [errors, setErrors] = useState<{ url?: boolean; events?: boolean }>({});
  const all = types.includes('*');
  const toggle = (type: string, on: boolean) =>
    setTypes((current) =>
      on ? [...current.filter((value) => value !== type), type] : current.filter((value) => value !== type),
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const next = { url: !endpointUrlSchema.safeParse(url.trim()).success, events: types.length === 0 };
        setErrors(next);
        if (next.url) {
          document.getElementById(ids.url)?.focus();
          return;
        }
        if (next.events) return;
        onSubmit({
          url: url.trim(),
          description: description.trim() === '' ? null : description.trim(),
          event_types: all ? ['*'] : types,
        });
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
          value={url}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${ids.urlHint} ${ids.urlError}` : ids.urlHint}
          onChange={(event) => setUrl(event.target.value)}
        />
        <p className="hint" id={ids.urlHint}>
          {m.endpointUrlHint}
        </p>
        {errors.url ? (
          <p className="field-error" id={ids.urlError}>
            {m.endpointUrlInvalid}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={ids.description}>{m.endpointDescription}</label>
        <input
          id={ids.description}
          maxLength={200}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <fieldset className="event-types" aria-describedby={errors.events ? ids.eventsError : undefined}>
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
        {errors.events ? (
          <p className="field-error" id={ids.eventsError} role="alert">
            {m.eventsRequired}
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
