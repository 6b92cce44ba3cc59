import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMe } from './console-api.ts';

export const ME_QUERY = ['console', 'me'] as const;

/** Who is logged in (null: nobody): read by useMe, and by main.tsx before the first render. */
export const meQuery = queryOptions({
  queryKey: ME_QUERY,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 60_000,
});

/** Who is logged in (null: nobody). Every page below the shell is shown only with a user. */
export function useMe() {
  return useQuery(meQuery);
}
