import { useCallback, useState } from 'react';
import type { ThreeDSecureRequest } from '../../../contract/gateway/three-d-secure.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { createReturnReference } from './return-url.ts';

export interface ThreeDSecurePreparation {
  /** Builds `threeDSecure` from the real browser at the moment of paying, with a fresh reference. */
  prepare: () => Promise<ThreeDSecureRequest>;
  /** The reference of the last prepared request: the redirect stores it against the transaction id. */
  reference: string | undefined;
}

/** `hostReturnUrl`: embedded, the merchant's page the bank sends the shopper back to. */
export function useThreeDSecurePreparation(hostReturnUrl?: string): ThreeDSecurePreparation {
  const { locale } = useI18n();
  const [reference, setReference] = useState<string>();
  const prepare = useCallback(async () => {
    // Only 3DS payments need the browser-data code: it loads when the shopper pays, not with the page.
    const [{ currentBrowserEnvironment }, { buildThreeDSecure }] = await Promise.all([
      import('./browser-device.ts'),
      import('./three-d-secure-request.ts'),
    ]);
    const fresh = createReturnReference();
    setReference(fresh);
    return buildThreeDSecure({
      env: currentBrowserEnvironment(),
      origin: window.location.origin,
      reference: fresh,
      lang: locale,
      checkoutQuery: window.location.search,
      hostReturnUrl,
    });
  }, [locale, hostReturnUrl]);
  return { prepare, reference };
}
