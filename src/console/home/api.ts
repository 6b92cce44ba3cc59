import { queryOptions } from '@tanstack/react-query';
import { consoleSummarySchema, type ConsoleSummaryView } from '../../../contract/console/console-payments.ts';
import { request } from '../common/console-api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';

/** The home page's figures (server/routes/console-home.ts). */

export function fetchSummary(signal?: AbortSignal): Promise<ConsoleSummaryView> {
  return request('GET', '/summary', consoleSummarySchema, undefined, signal);
}

export const summaryQuery = queryOptions({
  queryKey: QUERY_ROOTS.summary,
  queryFn: ({ signal }) => fetchSummary(signal),
});
