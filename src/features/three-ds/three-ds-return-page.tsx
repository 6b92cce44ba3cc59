import { useMemo, type ReactNode } from 'react';
import { isRandomId } from '../../../contract/random-id.ts';
import { isGatewayError } from '../../api/is-gateway-error.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Button } from '../../ui/button.tsx';
import { ResultScreen, type ResultTone } from '../../ui/result-screen.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TransactionResult } from '../../payment/transaction-result.tsx';
import { useTransactionStatus } from '../../payment/use-transaction-status.ts';
import { lookUpReturn } from './reference-store.ts';
import { checkoutHref } from './return-url.ts';
import '../../ui/result.css';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/three-ds.ts';

function Screen({
  tone,
  title,
  focusKey,
  children,
}: {
  tone: ResultTone;
  title: string;
  /** Focus moves to the heading whenever this changes: a new screen for keyboard and screen-reader users. */
  focusKey: string;
  children: ReactNode;
}) {
  return (
    <ResultScreen
      headingId="three-ds-return-heading"
      title={title}
      tone={tone}
      level="h1"
      focusKey={focusKey}
      className="card-panel three-ds"
    >
      {children}
    </ResultScreen>
  );
}

function ReturnResult({ transactionId, back }: { transactionId: number; back: Back }) {
  const { t } = useI18n();
  // The URL proves nothing: the answer always comes from the gateway, and is re-asked while open.
  const { query, stoppedChecking } = useTransactionStatus(transactionId, {
    retry: (count, error) => !(isGatewayError(error) && error.kind === 'not-found') && count < 2,
  });

  if (query.isPending) {
    return (
      <Screen tone="pending" title={t('threeDS.return.checkingTitle')} focusKey="checking">
        <Spinner label={t('threeDS.return.checking')} />
      </Screen>
    );
  }
  // A failed re-check keeps the last answer on screen (below); only a first failure has nothing to show.
  if (query.isLoadingError) {
    if (isGatewayError(query.error) && query.error.kind === 'not-found') return <UnknownReturn back={back} />;
    return (
      <Screen tone="declined" title={t('threeDS.return.errorTitle')} focusKey="error">
        <p role="alert">{t('threeDS.return.errorBody')}</p>
        <Button type="button" onClick={() => void query.refetch()}>
          {t('threeDS.return.retry')}
        </Button>
      </Screen>
    );
  }
  return (
    <TransactionResult
      standalone
      transaction={query.data}
      stoppedChecking={stoppedChecking}
      checkFailed={query.isRefetchError}
      declinedAction={
        <p>
          <BackLink back={back} primary>
            {t('threeDS.return.tryAgain')}
          </BackLink>
        </p>
      }
    />
  );
}

function UnknownReturn({ back }: { back: Back }) {
  const { t } = useI18n();
  return (
    <Screen tone="declined" title={t('threeDS.return.unknownTitle')} focusKey="unknown">
      <p>{t('threeDS.return.unknownBody')}</p>
      <p>
        <BackLink back={back} primary>
          {t('threeDS.return.backToCheckout')}
        </BackLink>
      </p>
    </Screen>
  );
}

type Back = { href: string } | { onBack: () => void };

function BackLink({
  back,
  primary = false,
  children,
}: {
  back: Back;
  primary?: boolean;
  children: ReactNode;
}) {
  const className = primary ? 'button button--primary' : undefined;
  if ('href' in back) {
    return (
      <a className={className} href={back.href}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className ?? 'button button--link'} onClick={back.onBack}>
      {children}
    </button>
  );
}

/**
 * Where the bank sends the shopper back (`urlSuccess` and `urlFail` alike). The reference in the URL
 * is looked up in this tab's session; the status shown is whatever the gateway says about it.
 */
export function ThreeDSReturnPage({ search, onBack }: { search: URLSearchParams; onBack?: () => void }) {
  const { locale } = useI18n();
  const reference = search.get('ref');
  const transactionId = useMemo(
    () => (isRandomId(reference) ? lookUpReturn(reference) : undefined),
    [reference],
  );
  // Embedded, "back" re-opens the checkout inside the merchant's page instead of following a link.
  const back: Back = onBack ? { onBack } : { href: checkoutHref(search, locale) };
  if (transactionId === undefined) return <UnknownReturn back={back} />;
  return <ReturnResult key={transactionId} transactionId={transactionId} back={back} />;
}
