import { Suspense, useCallback, useState } from 'react';
import type { PaymentSession, PublicSession } from '../../contract/checkout-session.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { GatewayBaseContext } from '../api/gateway-base.ts';
import type { ThreeDSReturnTarget } from '../features/three-ds/use-three-d-secure.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { sessionApiPath } from '../lib/session-paths.ts';
import type { Resume } from '../payment/session-resume.ts';
import { cancelHref, successHref } from '../lib/shop-links.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { OutcomeCheck, SessionEnded } from './lazy-screens.tsx';

export interface EmbeddedSession {
  /** The host's page takes the top window to the bank (docs/decisions/021-embed-three-ds-top-window.md). */
  navigateToBank: (href: string, transaction: Transaction) => void;
  /** The merchant's page the bank returns to; without one, the session's own return pages. */
  hostReturnUrl: string | undefined;
}

interface SessionCheckoutProps {
  session: PaymentSession;
  /** What is under way, from the zod-checked path; the first paint only ever has nothing under way. */
  resume?: Resume | undefined;
  /** Inside a merchant's page (/embed?session=…): no links away, the host hears the events. */
  embedded?: EmbeddedSession | undefined;
}

const NOTHING_UNDER_WAY: Resume = { kind: 'form' };

/** Whether the page is asking the server about a lost answer: now, or when the shopper says so. */
type Check = 'none' | 'now' | 'on-request';

/**
 * The checkout of one session: its order, its API base (`/api/pay/{id}`, where the server checks every
 * call against the session), its 3DS return pages, what is under way, and the ways back to the shop.
 */
export function SessionCheckout({ session, resume = NOTHING_UNDER_WAY, embedded }: SessionCheckoutProps) {
  const { t } = useI18n();
  // A newer answer from the server remounts the checkout on it (a result, an open PIX code…).
  const [view, setView] = useState({ resume, generation: 0 });
  const [check, setCheck] = useState<Check>(resume.kind === 'unknown' ? 'on-request' : 'none');
  const [retryNotice, setRetryNotice] = useState(false);

  const onCheckWithServer = useCallback(() => {
    setRetryNotice(false);
    setCheck('now');
  }, []);
  const onResolved = useCallback((_fresh: PublicSession, next: Resume) => {
    setCheck('none');
    // Nothing was charged: back to the form as the shopper left it, saying so.
    if (next.kind === 'form') setRetryNotice(true);
    else setView((current) => ({ resume: next, generation: current.generation + 1 }));
  }, []);

  const hostReturnUrl = embedded?.hostReturnUrl;
  const threeDSReturn: ThreeDSReturnTarget = { kind: 'session', sessionId: session.id, hostReturnUrl };
  // Embedded, the merchant's own page is the shop: it hears the events and moves on by itself.
  const success = embedded ? undefined : successHref(session.success_url, session.id);
  const cancel = embedded ? undefined : cancelHref(session.cancel_url);

  if (view.resume.kind === 'expired' || view.resume.kind === 'paid') {
    const expired = view.resume.kind === 'expired';
    return (
      <Suspense fallback={null}>
        <SessionEnded reason={view.resume.kind} shopHref={expired ? cancel : success} />
      </Suspense>
    );
  }
  return (
    <GatewayBaseContext value={sessionApiPath(session.id)}>
      <CheckoutPage
        key={view.generation}
        order={session.order}
        customer={session.customer}
        resume={view.resume}
        threeDSReturn={threeDSReturn}
        navigateToBank={embedded?.navigateToBank}
        onCheckWithServer={onCheckWithServer}
        overlay={
          check === 'none' ? null : (
            <OutcomeCheck sessionId={session.id} checkNow={check === 'now'} onResolved={onResolved} />
          )
        }
        notice={
          retryNotice ? (
            <p className="notice" role="status">
              {t('session.retryNotice')}
            </p>
          ) : null
        }
        successAction={
          success ? (
            <p>
              <a className="button button--primary" href={success}>
                {t('checkout.backToShop')}
              </a>
            </p>
          ) : null
        }
        footer={
          cancel ? (
            <p className="checkout__cancel">
              <a href={cancel}>{t('checkout.cancel')}</a>
            </p>
          ) : null
        }
      />
    </GatewayBaseContext>
  );
}
