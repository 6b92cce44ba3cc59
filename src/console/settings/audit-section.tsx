import { useInfiniteQuery } from '@tanstack/react-query';
import { formatDateTime } from '../common/console-format.ts';
import { fetchAudit } from './api.ts';
import { useSettingsWords } from './settings-messages.ts';
import { ErrorState, LoadingState } from '../common/states.tsx';
import { QUERY_ROOTS } from '../common/query-keys.ts';

/** The owners' audit log: newest first, 50 at a time, "Load more" while older entries exist. */
export function AuditSection() {
  const { m, locale } = useSettingsWords();
  const audit = useInfiniteQuery({
    queryKey: QUERY_ROOTS.audit,
    queryFn: ({ pageParam, signal }) => fetchAudit(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
  const rows = audit.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="audit-title" className="settings-section">
      <h2 id="audit-title" tabIndex={-1}>
        {m.auditTitle}
      </h2>
      <p>{m.auditIntro}</p>
      {audit.isPending ? (
        <LoadingState />
      ) : audit.isError && rows.length === 0 ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : rows.length === 0 ? (
        <p className="empty">{m.noAudit}</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="payments">
              <caption className="visually-hidden">{m.auditCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.colWhen}</th>
                  <th scope="col">{m.colWho}</th>
                  <th scope="col">{m.colAction}</th>
                  <th scope="col">{m.colTarget}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td data-label={m.colWhen}>
                      <time dateTime={row.at}>{formatDateTime(row.at, locale)}</time>
                    </td>
                    <td data-label={m.colWho}>{row.user_email}</td>
                    <td data-label={m.colAction}>{m.actions[row.action] ?? row.action}</td>
                    <td data-label={m.colTarget}>
                      {row.target_id ? (
                        <>
                          {row.target_type} <code>{row.target_id}</code>
                        </>
                      ) : (
                        row.target_type
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {audit.isFetchNextPageError ? (
            <ErrorState error={audit.error} onRetry={() => void audit.fetchNextPage()} />
          ) : null}
          {audit.hasNextPage ? (
            <div className="actions">
              <button
                type="button"
                className="button"
                disabled={audit.isFetchingNextPage}
                onClick={() => void audit.fetchNextPage()}
              >
                {audit.isFetchingNextPage ? m.loadingMore : m.loadMore}
              </button>
            </div>
          ) : (
            <p className="hint">{m.auditEnd}</p>
          )}
          <p role="status" className="visually-hidden">
            {audit.isFetchingNextPage ? m.loadingMore : ''}
          </p>
        </>
      )}
    </section>
  );
}
