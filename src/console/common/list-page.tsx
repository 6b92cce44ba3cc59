import type { ReactNode } from 'react';
import { DataTable, type Column } from './data-table.tsx';
import { ErrorState, LoadingState } from './states.tsx';

/**
 * A console list: its heading and filters, then the loading, error, empty or table state, then the paging
 * (cursor pager or "load more") once rows are there. Renders no wrapper of its own, so a list stands in a page
 * or in a section of one alike.
 */
export function ListPage<Row>({
  heading,
  filters,
  loading,
  error,
  onRetry,
  rows,
  summary,
  empty,
  table,
  footer,
}: {
  heading?: ReactNode;
  filters?: ReactNode;
  loading: boolean;
  /** The error to show instead of the list; null while there is none to show. */
  error: unknown;
  onRetry: () => void;
  rows: readonly Row[] | undefined;
  /** Shown above the table or the empty message once the list has loaded (e.g. the totals of what is filtered). */
  summary?: ReactNode;
  empty: ReactNode;
  table: {
    caption: ReactNode;
    columns: readonly Column<Row>[];
    rowKey: (row: Row) => string;
    className?: string;
    busy?: boolean;
  };
  /** Shown under the table or the empty message once the list has loaded: the pager, a form that adds a row. */
  footer?: ReactNode;
}) {
  return (
    <>
      {heading}
      {filters}
      {error !== null ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : loading || rows === undefined ? (
        <LoadingState />
      ) : (
        <>
          {summary}
          {rows.length === 0 ? empty : <DataTable rows={rows} {...table} />}
          {footer}
        </>
      )}
    </>
  );
}

/** A list query's state as ListPage takes it, for the lists whose answer holds its rows in `data`. */
export function listStateOf<Row>(query: {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  data: { data: readonly Row[] } | undefined;
}) {
  return {
    loading: query.isPending,
    error: query.isError ? query.error : null,
    onRetry: () => void query.refetch(),
    rows: query.data?.data,
  };
}
