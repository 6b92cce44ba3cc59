import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ConsoleWebhookEndpoint } from '../../../contract/console/console-customers-developers.ts';
import { URL_NOT_PUBLIC } from '../../../contract/webhook-endpoints.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { formatDateTime } from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ConfirmDialog } from '../common/confirm-dialog.tsx';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  webhookEndpointsQuery,
  rollWebhookSecret,
  updateWebhookEndpoint,
  type EndpointInput,
} from './api.ts';
import { useDevelopersWords } from './developers-messages.ts';
import { EndpointForm } from './endpoint-form.tsx';
import { SecretReveal } from '../common/secret-reveal.tsx';
import { ErrorState, LoadingState } from '../common/states.tsx';

const QUERY = webhookEndpointsQuery.queryKey;
const OVERLAPS = [
  { seconds: 0, key: 'overlapNone' },
  { seconds: 3600, key: 'overlapHour' },
  { seconds: 24 * 3600, key: 'overlapDay' },
  { seconds: 7 * 24 * 3600, key: 'overlapWeek' },
] as const;

function ApiErrorText({ error }: { error: unknown }) {
  const { t } = useConsoleI18n();
  const { m } = useDevelopersWords();
  if (!error) return null;
  return (
    <p role="alert" className="alert">
      {error instanceof ConsoleApiError && error.type === URL_NOT_PUBLIC
        ? m.endpointUrlNotPublic
        : error instanceof ConsoleApiError && error.type !== 'network'
          ? error.message
          : t.errorNetwork}
    </p>
  );
}

function EditDialog({
  endpoint,
  eventTypes,
  onClose,
}: {
  endpoint: ConsoleWebhookEndpoint;
  eventTypes: string[];
  onClose: (done?: string) => void;
}) {
  const { m } = useDevelopersWords();
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const save = useMutation({
    mutationFn: (input: EndpointInput) => updateWebhookEndpoint(endpoint.id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUERY });
      onClose(m.endpointSaved);
    },
  });
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className="dialog wide"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!save.isPending) onClose();
      }}
    >
      <h2 id={titleId}>{m.editEndpoint}</h2>
      <ApiErrorText error={save.error} />
      <EndpointForm
        eventTypes={eventTypes}
        initial={{ url: endpoint.url, description: endpoint.description, event_types: endpoint.event_types }}
        submitLabel={m.save}
        pending={save.isPending}
        onSubmit={(input) => save.mutate(input)}
        onCancel={() => onClose()}
      />
    </dialog>
  );
}

type Dialog = { kind: 'edit' | 'delete' | 'roll'; endpoint: ConsoleWebhookEndpoint } | { kind: 'none' };

/** Webhook endpoints: the list (the environment's first, read only), add, edit, enable/disable, roll, delete. */
export function WebhookEndpointsSection() {
  const { m, locale } = useDevelopersWords();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [revealed, setRevealed] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [overlap, setOverlap] = useState(24 * 3600);
  const [formKey, setFormKey] = useState(0);
  const openerRef = useRef<HTMLElement | null>(null);
  const overlapId = useId();
  const list = useQuery(webhookEndpointsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY });
  const create = useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: async (endpoint) => {
      await refresh();
      setFormKey((key) => key + 1);
      setRevealed(endpoint.secret);
    },
  });
  const toggle = useMutation({
    mutationFn: (endpoint: ConsoleWebhookEndpoint) =>
      updateWebhookEndpoint(endpoint.id, { enabled: !endpoint.enabled }),
    onSuccess: async () => {
      await refresh();
      setMessage(m.endpointSaved);
    },
  });
  const remove = useMutation({
    mutationFn: (endpoint: ConsoleWebhookEndpoint) => deleteWebhookEndpoint(endpoint.id),
    onSuccess: async () => {
      await refresh();
      close(m.endpointDeleted);
    },
  });
  const roll = useMutation({
    mutationFn: (endpoint: ConsoleWebhookEndpoint) => rollWebhookSecret(endpoint.id, overlap),
    onSuccess: async (endpoint) => {
      await refresh();
      close();
      setRevealed(endpoint.secret);
    },
  });
  const open = (kind: 'edit' | 'delete' | 'roll', endpoint: ConsoleWebhookEndpoint) => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMessage(null);
    setDialog({ kind, endpoint });
  };
  function close(done?: string) {
    setDialog({ kind: 'none' });
    remove.reset();
    roll.reset();
    if (done) setMessage(done);
    const opener = openerRef.current;
    if (opener?.isConnected) opener.focus();
    else document.querySelector<HTMLElement>('main h1')?.focus();
  }

  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{m.webhooksTitle}</h2>
      <p>{m.webhooksIntro}</p>
      <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
        {message}
      </div>
      {revealed ? (
        <SecretReveal
          title={m.secretOnceTitle}
          secret={revealed}
          onDone={() => {
            setRevealed(null);
            create.reset();
            document.getElementById('webhooks-title')?.focus();
          }}
        />
      ) : null}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data.data.length === 0 ? <p className="empty">{m.noEndpoints}</p> : null}
          <ul className="plain item-list">
            {list.data.data.map((endpoint) => (
              <li key={endpoint.id} className="card endpoint">
                <p className="endpoint-url">
                  <strong>{endpoint.url}</strong>{' '}
                  <span className={`badge ${endpoint.enabled ? 'status-paid' : ''}`}>
                    {endpoint.implicit ? m.environmentEndpoint : endpoint.enabled ? m.enabled : m.disabled}
                  </span>
                </p>
                {endpoint.description ? <p className="muted">{endpoint.description}</p> : null}
                <p>
                  {endpoint.event_types.includes('*') ? (
                    m.allEvents
                  ) : (
                    <span className="event-list">
                      {endpoint.event_types.map((type) => (
                        <code key={type}>{type}</code>
                      ))}
                    </span>
                  )}
                </p>
                <p className="muted">
                  {m.secretHint}: <code>{endpoint.secret_hint}</code>
                  {endpoint.previous_secret_expires_at
                    ? ` · ${m.previousSecretUntil(formatDateTime(endpoint.previous_secret_expires_at, locale))}`
                    : ''}
                </p>
                {endpoint.created_with_key ? (
                  endpoint.created_with_key.revoked_at ? (
                    <p className="key-revoked">
                      {m.madeWithRevokedKey(endpoint.created_with_key.name, endpoint.created_with_key.prefix)}
                    </p>
                  ) : (
                    <p className="muted">
                      {m.madeWithKey(endpoint.created_with_key.name, endpoint.created_with_key.prefix)}
                    </p>
                  )
                ) : null}
                {endpoint.implicit ? (
                  <p className="hint">{m.environmentEndpointHint}</p>
                ) : list.data.can_manage ? (
                  <div className="actions">
                    <button type="button" className="button" onClick={() => open('edit', endpoint)}>
                      {m.edit}
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={toggle.isPending}
                      onClick={() => {
                        setMessage(null);
                        toggle.mutate(endpoint);
                      }}
                    >
                      {endpoint.enabled ? m.disable : m.enable}
                    </button>
                    <button type="button" className="button" onClick={() => open('roll', endpoint)}>
                      {m.rollSecret}
                    </button>
                    <button type="button" className="button danger" onClick={() => open('delete', endpoint)}>
                      {m.delete}
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <ApiErrorText error={toggle.error} />
          {list.data.can_manage ? (
            <section className="card" aria-labelledby="add-endpoint-title">
              <h3 id="add-endpoint-title">{m.addEndpoint}</h3>
              <ApiErrorText error={create.error} />
              <EndpointForm
                key={formKey}
                eventTypes={list.data.event_types}
                submitLabel={m.addEndpoint}
                pending={create.isPending}
                onSubmit={(input) => {
                  setMessage(null);
                  create.mutate(input);
                }}
              />
            </section>
          ) : null}
          {dialog.kind === 'edit' ? (
            <EditDialog endpoint={dialog.endpoint} eventTypes={list.data.event_types} onClose={close} />
          ) : null}
        </>
      )}
      {dialog.kind === 'delete' ? (
        <ConfirmDialog
          title={m.deleteEndpointTitle}
          confirmLabel={m.delete}
          danger
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(dialog.endpoint)}
          onClose={() => close()}
        >
          <p>{m.deleteEndpointBody(dialog.endpoint.url)}</p>
        </ConfirmDialog>
      ) : null}
      {dialog.kind === 'roll' ? (
        <ConfirmDialog
          title={m.rollTitle}
          confirmLabel={m.rollConfirm}
          pending={roll.isPending}
          error={roll.error}
          onConfirm={() => roll.mutate(dialog.endpoint)}
          onClose={() => close()}
        >
          <p>{m.rollBody}</p>
          <div className="field">
            <label htmlFor={overlapId}>{m.rollOverlap}</label>
            <select
              id={overlapId}
              value={overlap}
              onChange={(event) => setOverlap(Number(event.target.value))}
            >
              {OVERLAPS.map((option) => (
                <option key={option.seconds} value={option.seconds}>
                  {m[option.key]}
                </option>
              ))}
            </select>
          </div>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
