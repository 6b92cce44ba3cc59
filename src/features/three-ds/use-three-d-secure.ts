import { randomId } from '../../../contract/random-id.ts';
import { useCallback, useState } from 'react';
import type { ThreeDSecureRequest } from '../../../contract/gateway/three-d-secure.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';

/** Where the bank sends the shopper back after the challenge. */
export type ThreeDSReturnTarget =
  /**
   * A checkout session: its `/pay/{id}/3ds/…` pages, or the merchant's page when embedded. The server
   * knows the attempt: nothing is stored.
   */
  | { kind: 'session'; sessionId: string; hostReturnUrl?: string | undefined }
  /**
   * The designer preview (orders from the URL, no server session): a fresh random reference in the URL,
   * kept in this tab's storage against the transaction id. Embedded, the merchant's page (`hostReturnUrl`).
   */
  | { kind: 'reference'; hostReturnUrl?: string | undefined };

export interface ThreeDSecurePreparation {
  /** Builds `threeDSecure` from the real browser at the moment of paying. */
  prepare: () => Promise<ThreeDSecureRequest>;
  /** The reference of the last prepared request: the redirect stores it against the transaction id. */
  reference: string | undefined;
  /** True for sessions: there is nothing to remember before leaving for the bank. */
  stateless: boolean;
}

export function useThreeDSecurePreparation(
  target: ThreeDSReturnTarget = { kind: 'reference' },
): ThreeDSecurePreparation {
  const { locale } = useI18n();
  const [reference, setReference] = useState<string>();
  // Primitives as dependencies: a caller may build the target afresh on every render.
  const sessionId = target.kind === 'session' ? target.sessionId : undefined;
  const hostReturnUrl = target.hostReturnUrl;
  const prepare = useCallback(async () => {
    // Only 3DS payments need the browser-data code: it loads when the shopper pays, not with the page.
    const [{ currentBrowserEnvironment }, { buildThreeDSecure }] = await Promise.all([
      import('./browser-device.ts'),
      import('./three-d-secure-request.ts'),
    ]);
    if (sessionId !== undefined) {
      return buildThreeDSecure({
        env: currentBrowserEnvironment(),
        session: { id: sessionId, origin: window.location.origin, hostReturnUrl },
      });
    }
    const fresh = randomId();
    setReference(fresh);
    return buildThreeDSecure({
      env: currentBrowserEnvironment(),
      origin: window.location.origin,
      reference: fresh,
      lang: locale,
      checkoutQuery: window.location.search,
      hostReturnUrl,
    });
  }, [locale, hostReturnUrl, sessionId]);
  return { prepare, reference, stateless: target.kind === 'session' };
}
