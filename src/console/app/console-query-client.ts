import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ConsoleApiError } from '../common/console-api.ts';
import { ME_QUERY } from '../common/use-me.ts';

let ended = false;

/** Whether the last session ended under the user (the login page then says so). */
export function sessionEndedUnderUser(): boolean {
  return ended;
}

/** A 401 anywhere means the session ended (idle, absolute, logged out elsewhere): back to the login page. */
function onApiError(error: unknown) {
  if (error instanceof ConsoleApiError && error.status === 401 && error.type === 'unauthenticated') {
    ended = true;
    consoleQueryClient.setQueryData(ME_QUERY, null);
  }
}

export const consoleQueryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: {
      // A 4xx will say the same again; a network failure or a 5xx may not.
      retry: (count, error) =>
        !(error instanceof ConsoleApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
