import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ResultScreen } from '../../ui/result-screen.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { checkoutRedirectPolicy, safeRedirectUrl } from './redirect-url.ts';
import { rememberReturn } from './reference-store.ts';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/three-ds.ts';

interface BankRedirectProps {
  /** `threeDSecure.url` as the gateway sent it: untrusted until checked. */
  url: string;
  transactionId: number;
  /** The reference the return URLs carry; undefined means the request was not prepared here. */
  reference: string | undefined;
  /**
   * A checkout session: the return page asks the server, which knows the attempt, so nothing is stored
   * and `reference` is not needed.
   */
  stateless?: boolean;
  /** Back to the form when the redirect cannot happen. */
  onBack: () => void;
  /** Tests observe the navigation instead of leaving the page. */
  navigateTo?: (href: string) => void;
}

function leavePage(href: string): void {
  window.location.assign(href);
}

/**
 * Sends the shopper to the bank's challenge exactly once. The URL is checked first; outside a checkout
 * session the return reference is stored before leaving, so the return page can ask the gateway about
 * this transaction.
 */
export function BankRedirect({
  url,
  transactionId,
  reference,
  stateless = false,
  onBack,
  navigateTo = leavePage,
}: BankRedirectProps) {
  const { t } = useI18n();
  // A ref survives StrictMode's mount → unmount → mount of effects, so the second run does nothing.
  const navigated = useRef(false);
  const [target] = useState(() => safeRedirectUrl(url, checkoutRedirectPolicy()));
  // Writing the same pair twice is harmless, so the initialiser may run twice under StrictMode.
  const [stored] = useState(
    () =>
      target !== undefined &&
      (stateless || (reference !== undefined && rememberReturn(reference, transactionId))),
  );
  const href = stored ? target?.href : undefined;

  useEffect(() => {
    if (href === undefined || navigated.current) return;
    navigated.current = true;
    navigateTo(href);
  }, [href, navigateTo]);

  if (href === undefined) {
    return (
      <ResultScreen
        headingId="three-ds-heading"
        title={t('threeDS.redirect.errorTitle')}
        tone="declined"
        className="three-ds"
      >
        <Alert>{t(target ? 'threeDS.redirect.storageFailed' : 'threeDS.redirect.invalidUrl')}</Alert>
        <Button type="button" variant="secondary" onClick={onBack}>
          {t('threeDS.redirect.back')}
        </Button>
      </ResultScreen>
    );
  }
  return (
    <ResultScreen headingId="three-ds-heading" title={t('threeDS.redirect.title')} className="three-ds">
      <p>{t('threeDS.redirect.body')}</p>
      <Spinner label={t('threeDS.redirect.status')} />
      <p className="three-ds__fallback">
        {t('threeDS.redirect.fallback')}{' '}
        {/* Inside a merchant's iframe the bank must open in the top window: banks refuse to be framed. */}
        <a href={href} target={window.top === window.self ? undefined : '_top'}>
          {t('threeDS.redirect.link')}
        </a>
      </p>
    </ResultScreen>
  );
}
