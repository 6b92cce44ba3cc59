import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ConsoleLink as Link } from '../../../contract/console/console-links.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { ConsoleLink } from '../common/console-link.tsx';
import { ErrorState, LoadingState } from '../common/states.tsx';
import { useLinksWords } from './links-messages.ts';

/**
 * What a link's page (and its print sheet) shows until its link is there: loading, "not found" with the way back
 * to the list, or the error with a retry. `null` once the link is loaded.
 */
export function LinkQueryState({ link }: { link: UseQueryResult<Link> }): ReactNode {
  const { w } = useLinksWords();
  if (link.isPending) return <LoadingState />;
  if (!link.isError) return null;
  if (link.error instanceof ConsoleApiError && link.error.status === 404) {
    return (
      <>
        <h1 tabIndex={-1}>{w.linkNotFound}</h1>
        <ConsoleLink href="/console/links">{w.backToLinks}</ConsoleLink>
      </>
    );
  }
  return <ErrorState error={link.error} onRetry={() => void link.refetch()} />;
}
