import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import { transactionQueryOptions } from '../../api/transaction-queries.ts';
import { outcomeOf } from '../../lib/transaction-status.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Button } from '../../ui/button.tsx';
import { ResultScreen } from '../../ui/result-screen.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { checkoutRedirectPolicy, safeRedirectUrl } from './redirect-url.ts';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/result.ts';
import '../../i18n/catalogues/three-ds.ts';

const POLL_MS = 2000;

interface ThreeDSPendingProps {
  /** A card payment the bank has not confirmed yet, with `threeDSecure.url`. */
  transaction: Transaction;
  /** The bank answered (approved, declined…): the page shows the result instead. */
  onSettled: (transaction: Transaction) => void;
  /** Embedded: the host's page takes the top window to the bank (banks refuse to be framed). */
  navigateTo?: ((href: string) => void) | undefined;
}

/**
 * A session reloaded (or Back pressed) while its 3DS payment waits at the bank: not the form again, which
 * would invite a second payment, but the way back to the bank and the status, asked until it settles.
 */
export function ThreeDSPending({ transaction: initial, onSettled, navigateTo }: ThreeDSPendingProps) {
  const { t } = useI18n();
  const baseUrl = useGatewayBase();
  const query = useQuery({
    ...transactionQueryOptions(baseUrl, initial.id),
    initialData: initial,
    staleTime: POLL_MS,
    refetchInterval: (q) => (q.state.data && outcomeOf(q.state.data.status) === 'pending' ? POLL_MS : false),
    retry: 2,
  });
  const [bankUrl] = useState(() => safeRedirectUrl(initial.threeDSecure?.url, checkoutRedirectPolicy()));

  const settled = outcomeOf(query.data.status) !== 'pending' ? query.data : undefined;
  useEffect(() => {
    if (settled) onSettled(settled);
  }, [settled, onSettled]);

  return (
    <ResultScreen
      headingId="three-ds-pending-heading"
      title={t('threeDS.pending.title')}
      className="three-ds"
    >
      <p>{t('threeDS.pending.body')}</p>
      <Spinner label={t('threeDS.pending.status')} />
      {bankUrl ? (
        <p>
          {navigateTo ? (
            <Button type="button" onClick={() => navigateTo(bankUrl.href)}>
              {t('threeDS.redirect.link')}
            </Button>
          ) : (
            <a className="button button--primary" href={bankUrl.href}>
              {t('threeDS.redirect.link')}
            </a>
          )}
        </p>
      ) : null}
      {query.isRefetchError ? <p className="result__warning">{t('result.pending.error')}</p> : null}
      <p className="result__reference">
        {t('result.reference', { reference: initial.ref_id ?? String(initial.id) })}
      </p>
    </ResultScreen>
  );
}
