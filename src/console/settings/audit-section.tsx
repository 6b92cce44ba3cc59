import { useInfiniteQuery } from '@tanstack/react-query';
import { formatDateTime } from '../common/console-format.ts';
import { fetchAudit } from './api.ts';
import { useSettingsWords } from './settings-messages.ts';
import { ErrorState } from '../common/states.tsx';
import type { Column } from '../common/data-table.tsx';
import { ListPage } from '../common/list-page.tsx';
import type { ConsoleAuditRow } from '../../../contract/console/console-settings.ts';
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
  const columns: Column<ConsoleAuditRow>[] = [
    { header: m.colWhen, cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at, locale)}</time> },
    { header: m.colWho, cell: (row) => row.user_email },
    { header: m.colAction, cell: (row) => m.actions[row.action] ?? row.action },
    {
      header: m.colTarget,
      cell: (row) =>
        row.target_id ? (
          <>
            {row.target_type} <code>{row.target_id}</code>
          </>
        ) : (
          row.target_type
        ),
    },
  ];
  return (
    <section aria-labelledby="audit-title" className="settings-section">
      <h2 id="audit-title" tabIndex={-1}>
        {m.auditTitle}
      </h2>
      <p>{m.auditIntro}</p>
      <ListPage
        loading={audit.isPending}
        error={audit.isError && rows.length === 0 ? audit.error : null}
        onRetry={() => void audit.refetch()}
        rows={rows}
        empty={<p className="empty">{m.noAudit}</p>}
        table={{ caption: m.auditCaption, columns, rowKey: (row) => String(row.id) }}
        footer={
          rows.length === 0 ? null : (
            <>
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
          )
        }
      />
    </section>
  );
}
