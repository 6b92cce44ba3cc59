import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, publicSessionSchema, type PublicSession } from '../../contract/checkout-session.ts';
import { gatewayRequest } from './http-client.ts';

/** Absent or malformed: the caller treats the link as not valid. */
export function parsePublicSession(value: unknown): PublicSession | undefined {
  const parsed = publicSessionSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * `GET /api/pay/{id}`: the session as its shopper may see it, with the latest payment attempt. The
 * server asks the gateway about an attempt whose outcome it does not know yet, so this is also how the
 * page learns what happened after a time-out or a trip to the bank. An unknown id is a 404.
 */
export function getPublicSession(id: string, signal?: AbortSignal): Promise<PublicSession> {
  return gatewayRequest({
    method: 'GET',
    path: API_PATHS.shopperSession(id),
    responseSchema: publicSessionSchema,
    signal,
    baseUrl: '',
  });
}

export function publicSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['checkout-session', id] as const,
    queryFn: ({ signal }) => getPublicSession(id, signal),
    // Always asked afresh: the point of reading it is to learn what changed.
    staleTime: 0,
    gcTime: 0,
  });
}
