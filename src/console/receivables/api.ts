import { queryOptions } from '@tanstack/react-query';
import { CONSOLE_API_BASE } from '../../../contract/console/console-auth.ts';
import {
  consoleAnticipationSchema,
  consoleReceivableCalendarSchema,
} from '../../../contract/console/console-receivables.ts';
import { request } from '../common/console-api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';

/** The Receivables page's calls and queries (server/routes/console-receivables.ts). */

export function calendarQuery(from: string, to: string) {
  return queryOptions({
    queryKey: [...QUERY_ROOTS.receivables, 'calendar', from, to],
    queryFn: ({ signal }) =>
      request(
        'GET',
        `/receivables/calendar?from=${from}&to=${to}`,
        consoleReceivableCalendarSchema,
        undefined,
        signal,
      ),
    // Receivables move when the job reads the gateway (every 30 s at most): a minute's cache is fresh enough.
    staleTime: 60_000,
  });
}

export function simulateAnticipation(from: string, to: string) {
  return request('POST', '/receivables/anticipation', consoleAnticipationSchema, { from, to });
}

/** The CSV of a range: `comma` for a pt-BR spreadsheet (`;` and `150,90`). */
export function receivablesCsvUrl(from: string, to: string, decimal: 'dot' | 'comma'): string {
  return `${CONSOLE_API_BASE}/receivables/export.csv?from=${from}&to=${to}&decimal=${decimal}`;
}
