import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { roleMay, type ConsoleMe } from '../../../contract/console/console-auth.ts';
import {
  CONSOLE_DELIVERY_FILTERS,
  type ConsoleDeliveryFilter,
  type ConsoleDeliveryRow,
  type ConsoleEndpointSummary,
} from '../../../contract/console/console-events.ts';
import { URL_NOT_PUBLIC } from '../../../contract/webhook-endpoints.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { formatDateTime } from '../common/console-format.ts';
import { ConsoleLink } from '../common/console-link.tsx';
import { RoleButton } from '../common/role-button.tsx';
import { CursorPager } from '../common/cursor-pager.tsx';
import {
  deliveriesQuery,
  eventEndpointsQuery,
  resendAllFailed,
  resendDelivery,
  sendTestEvent,
} from './api.ts';
import { useEventsWords, type EventsMessages } from './events-messages.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';
import type { Column } from '../common/data-table.tsx';
import { ListPage, listStateOf } from '../common/list-page.tsx';
import { StatusFilter } from '../common/status-filter.tsx';
import { ErrorState, LoadingState } from '../common/states.tsx';
import '../common/page-parts.css';
import './events.css';

/** What a row's status reads as: a pending delivery whose last try failed is "retrying". */
function shownStatus(row: ConsoleDeliveryRow): ConsoleDeliveryFilter {
  return row.status === 'pending' && row.last_error ? 'retrying' : row.status;
}

function errorText(error: unknown, w: EventsMessages): string {
  return error instanceof ConsoleApiError && error.type !== 'network' ? error.message : w.errorNetwork;
}

/** A test event refused before anything was sent: the address is not public, or too many tests. */
function testErrorText(error: unknown, w: EventsMessages): string {
  if (error instanceof ConsoleApiError && error.type === URL_NOT_PUBLIC) return w.testNotPublic;
  if (error instanceof ConsoleApiError && error.type === 'rate_limited') return w.testRateLimited;
  return errorText(error, w);
}

function Endpoint({ endpoint, mayOperate }: { endpoint: ConsoleEndpointSummary; mayOperate: boolean }) {
  const { w } = useEventsWords();
  const test = useMutation({ mutationFn: () => sendTestEvent(endpoint.id) });
  const result = test.data;
  return (
    <li className="card endpoint">
      <p className="url">
        <strong>{endpoint.url}</strong>
      </p>
      <dl className="facts">
        <div>
          <dt>{w.endpointTypes}</dt>
          <dd>{endpoint.event_types.includes('*') ? w.allTypes : endpoint.event_types.join(', ')}</dd>
        </div>
        <div>
          <dt>{w.colStatus}</dt>
          <dd>{endpoint.enabled ? w.endpointEnabled : w.endpointDisabled}</dd>
        </div>
        <div>
          <dt>{w.secretHint}</dt>
          <dd>
            <code>{endpoint.secret_hint}</code>
          </dd>
        </div>
        {endpoint.implicit || endpoint.description ? (
          <div>
            <dt>{w.endpointDescription}</dt>
            <dd>{endpoint.implicit ? w.environmentEndpoint : endpoint.description}</dd>
          </div>
        ) : null}
      </dl>
      <RoleButton
        allowed={mayOperate}
        busy={test.isPending}
        label={test.isPending ? w.sending : w.sendTest}
        name={test.isPending ? undefined : w.sendTestTo(endpoint.url)}
        onClick={() => test.mutate()}
      />
      <p
        role="status"
        className={test.isError || result ? (result?.ok ? 'notice' : 'alert') : 'visually-hidden'}
      >
        {test.isError
          ? testErrorText(test.error, w)
          : result
            ? result.ok
              ? w.testOk(result.status_code, result.duration_ms)
              : w.testNotDelivered(result.status_code)
            : ''}
      </p>
    </li>
  );
}

/**
 * Events: the webhook addresses (read only here, with a test event each) and the delivery log — one row
 * per event and address, filtered by status, paged by cursor, with "Resend" per row and "Resend all
 * failed" for staff. While a delivery is pending the log reads itself again every few seconds.
 */
export function EventsPage({ me }: { me: ConsoleMe }) {
  const { w, locale } = useEventsWords();
  const mayOperate = roleMay(me.user.role, 'operate');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ConsoleDeliveryFilter | ''>('');
  const [cursors, setCursors] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const cursor = cursors.at(-1);
  const endpoints = useQuery(eventEndpointsQuery);
  const log = useQuery({
    ...deliveriesQuery(status, cursor),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.status === 'pending') ? 3_000 : false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.deliveries });
  const resendOne = useMutation({
    mutationFn: (row: ConsoleDeliveryRow) => resendDelivery(row.event_id, row.endpoint_id),
    onSuccess: async (_result, row) => {
      setMessage(w.resent(row.type));
      await refresh();
    },
    onError: (error) => setMessage(errorText(error, w)),
  });
  const resendFailed = useMutation({
    mutationFn: resendAllFailed,
    onSuccess: async (result) => {
      setMessage(w.resendAllFailedDone(result.requeued));
      await refresh();
    },
    onError: (error) => setMessage(errorText(error, w)),
  });
  const columns: Column<ConsoleDeliveryRow>[] = [
    { header: w.colTime, cell: (row) => formatDateTime(row.created_at, locale) },
    {
      header: w.colEvent,
      cell: (row) => (
        <div>
          <code>{row.type}</code>
          <span className="muted block">{row.event_id}</span>
        </div>
      ),
    },
    {
      header: w.colPayment,
      cell: (row) => (row.payment_id ? (row.reference ?? row.payment_id) : '—'),
      link: (row) => (row.payment_id ? `/console/payments/${encodeURIComponent(row.payment_id)}` : null),
    },
    { header: w.colEndpoint, className: 'url', cell: (row) => row.endpoint_url ?? row.endpoint_id },
    {
      header: w.colStatus,
      cell: (row) => {
        const shown = shownStatus(row);
        return (
          <div>
            <span className={`badge delivery-${shown}`}>{w.deliveryStatus(shown)}</span>
            {row.next_attempt_at && shown === 'retrying' ? (
              <span className="muted block">{w.nextTry(formatDateTime(row.next_attempt_at, locale))}</span>
            ) : null}
          </div>
        );
      },
    },
    { header: w.colAttempts, align: 'number', cell: (row) => row.attempts },
    { header: w.colLastError, cell: (row) => (row.last_error ? w.lastError(row.last_error) : '—') },
    {
      header: w.colActions,
      cell: (row) => (
        <RoleButton
          allowed={mayOperate}
          busy={resendOne.isPending && resendOne.variables === row}
          label={w.resend}
          name={w.resendOf(row.type, row.endpoint_url ?? row.endpoint_id)}
          onClick={() => {
            setMessage('');
            resendOne.mutate(row);
          }}
        />
      ),
    },
  ];
  return (
    <>
      <h1 tabIndex={-1}>{w.eventsTitle}</h1>
      <p className="muted">{w.eventsIntro}</p>
      <section aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">{w.endpointsTitle}</h2>
        <p className="hint">
          <ConsoleLink href="/console/developers">{w.endpointsReadOnly}</ConsoleLink>
        </p>
        {endpoints.isPending ? (
          <LoadingState />
        ) : endpoints.isError ? (
          <ErrorState error={endpoints.error} onRetry={() => void endpoints.refetch()} />
        ) : endpoints.data.data.length === 0 ? (
          <p className="empty">{w.noEndpoints}</p>
        ) : (
          <ul className="endpoints">
            {endpoints.data.data.map((endpoint) => (
              <Endpoint key={endpoint.id} endpoint={endpoint} mayOperate={mayOperate} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">{w.deliveriesTitle}</h2>
        <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
          {message}
        </div>
        <div className="toolbar">
          <StatusFilter
            label={w.statusFilter}
            anyLabel={w.anyStatus}
            statuses={CONSOLE_DELIVERY_FILTERS}
            nameOf={w.deliveryStatus}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setCursors([]);
            }}
          />
          <RoleButton
            allowed={mayOperate}
            busy={resendFailed.isPending}
            label={resendFailed.isPending ? w.sending : w.resendAllFailed}
            onClick={() => {
              setMessage('');
              resendFailed.mutate();
            }}
          />
        </div>
        <ListPage
          {...listStateOf(log)}
          empty={<p className="empty">{status ? w.noDeliveriesFiltered : w.noDeliveries}</p>}
          table={{
            caption: `${w.deliveriesTitle} · ${w.pageOf(cursors.length + 1)}`,
            columns,
            rowKey: (row) => `${row.event_id}:${row.endpoint_id}`,
            className: 'payments deliveries',
          }}
          footer={
            <CursorPager
              cursors={cursors}
              onChange={setCursors}
              nextCursor={log.data?.next_cursor}
              words={w}
            />
          }
        />
      </section>
    </>
  );
}
