import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { createApiKeySchema } from '../../../contract/api-keys.ts';
import type { ConsoleApiKey } from '../../../contract/console/console-customers-developers.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { formatDateTime } from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ConfirmDialog } from '../common/confirm-dialog.tsx';
import { apiKeysQuery, createApiKey, revokeApiKey, webhookEndpointsQuery } from './api.ts';
import { useDevelopersWords, type DevelopersMessages } from './developers-messages.ts';
import { SecretReveal } from '../common/secret-reveal.tsx';
import type { Column } from '../common/data-table.tsx';
import { ListPage, listStateOf } from '../common/list-page.tsx';

// The contract's rule for a key's name (what the API itself accepts), with the console's one message for it.
function keyNameSchema(m: DevelopersMessages) {
  return z.object({
    name: z.string().check(
      z.overwrite((value) => value.trim()),
      z.refine((value) => createApiKeySchema.safeParse({ name: value }).success, m.keyNameRequired),
    ),
  });
}
type KeyNameForm = z.infer<ReturnType<typeof keyNameSchema>>;

/** Extra API keys: create (named; the key shown once, with Copy), the list with prefix and last use, revoke. */
export function ApiKeysSection() {
  const { m, locale } = useDevelopersWords();
  const { t } = useConsoleI18n();
  const queryClient = useQueryClient();
  const ids = { name: useId(), hint: useId(), error: useId(), disable: useId() };
  const form = useForm<KeyNameForm>({ resolver: zodResolver(keyNameSchema(m)), defaultValues: { name: '' } });
  const nameError = form.formState.errors.name;
  const [revealed, setRevealed] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ConsoleApiKey | null>(null);
  const [disableEndpoints, setDisableEndpoints] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const list = useQuery(apiKeysQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: async (key) => {
      await refresh();
      form.reset();
      setRevealed(key.key);
    },
  });
  const revoke = useMutation({
    mutationFn: (key: ConsoleApiKey) => revokeApiKey(key.id, disableEndpoints),
    onSuccess: async (key) => {
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: webhookEndpointsQuery.queryKey }),
      ]);
      const enabled = key.webhook_endpoints.filter((endpoint) => endpoint.enabled).length;
      close(
        key.webhook_endpoints.length === 0
          ? m.keyRevoked
          : enabled > 0
            ? m.keyRevokedEndpointsKept(enabled)
            : m.keyRevokedEndpointsDisabled(key.webhook_endpoints.length),
      );
    },
  });
  function close(done?: string) {
    setRevoking(null);
    revoke.reset();
    if (done) setMessage(done);
    const opener = openerRef.current;
    if (opener?.isConnected) opener.focus();
    else document.getElementById('api-keys-title')?.focus();
  }
  const errorText = (error: unknown) =>
    error instanceof ConsoleApiError && error.type !== 'network' ? error.message : t.errorNetwork;
  const columns: Column<ConsoleApiKey>[] = [
    { header: m.colName, cell: (key) => key.name },
    { header: m.colPrefix, cell: (key) => <code>{key.prefix}</code> },
    { header: m.colCreated, cell: (key) => formatDateTime(key.created_at, locale) },
    {
      header: m.colLastUsed,
      cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at, locale) : m.never),
    },
    {
      header: m.colState,
      cell: (key) =>
        key.revoked_at ? (
          m.revokedOn(formatDateTime(key.revoked_at, locale))
        ) : list.data?.can_manage ? (
          <span className="state-with-action">
            {m.active}
            <button
              type="button"
              className="button danger"
              aria-label={m.revokeNamed(key.name)}
              onClick={() => {
                openerRef.current =
                  document.activeElement instanceof HTMLElement ? document.activeElement : null;
                setMessage(null);
                setDisableEndpoints(false);
                setRevoking(key);
              }}
            >
              {m.revoke}
            </button>
          </span>
        ) : (
          m.active
        ),
    },
  ];

  return (
    <section aria-labelledby="api-keys-title">
      <h2 id="api-keys-title" tabIndex={-1}>
        {m.apiKeysTitle}
      </h2>
      <p>{m.apiKeysIntro}</p>
      <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
        {message}
      </div>
      {revealed ? (
        <SecretReveal
          title={m.keyOnceTitle}
          secret={revealed}
          onDone={() => {
            setRevealed(null);
            create.reset();
            document.getElementById('api-keys-title')?.focus();
          }}
        />
      ) : null}
      <ListPage
        {...listStateOf(list)}
        empty={<p className="empty">{m.noKeys}</p>}
        table={{ caption: m.keysCaption, columns, rowKey: (key) => key.id }}
        footer={
          list.data?.can_manage ? (
            <form
              className="card inline-form"
              noValidate
              onSubmit={(event) => {
                void form.handleSubmit((values) => {
                  setMessage(null);
                  create.mutate(values.name);
                })(event);
              }}
            >
              {create.isError ? (
                <p role="alert" className="alert">
                  {errorText(create.error)}
                </p>
              ) : null}
              <div className="field">
                <label htmlFor={ids.name}>{m.keyName}</label>
                <input
                  id={ids.name}
                  maxLength={80}
                  autoComplete="off"
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${ids.hint} ${ids.error}` : ids.hint}
                  {...form.register('name')}
                />
                <p className="hint" id={ids.hint}>
                  {m.keyNameHint}
                </p>
                {nameError ? (
                  <p className="field-error" id={ids.error}>
                    {nameError.message}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="button primary" disabled={create.isPending}>
                {create.isPending ? m.working : m.createKey}
              </button>
            </form>
          ) : null
        }
      />
      {revoking ? (
        <ConfirmDialog
          title={m.revokeTitle}
          confirmLabel={m.revokeNamed(revoking.name)}
          danger
          pending={revoke.isPending}
          error={revoke.error}
          onConfirm={() => revoke.mutate(revoking)}
          onClose={() => close()}
        >
          <p>{m.revokeBody(revoking.name)}</p>
          {revoking.webhook_endpoints.length > 0 ? (
            <>
              <p>{m.revokeEndpoints(revoking.webhook_endpoints.length)}</p>
              <ul className="revoke-endpoints">
                {revoking.webhook_endpoints.map((endpoint) => (
                  <li key={endpoint.id}>
                    <code>{endpoint.url}</code>
                  </li>
                ))}
              </ul>
              <div className="check">
                <input
                  id={ids.disable}
                  type="checkbox"
                  checked={disableEndpoints}
                  onChange={(event) => setDisableEndpoints(event.target.checked)}
                />
                <label htmlFor={ids.disable}>{m.revokeDisableEndpoints}</label>
              </div>
            </>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
