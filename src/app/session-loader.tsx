import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { isGatewayError } from '../api/is-gateway-error.ts';
import { parsePublicSession, publicSessionQueryOptions } from '../api/public-session.ts';
import { SessionEnded, SessionLoadError } from '../features/checkout/session-screens.tsx';
import { I18nProvider, useI18n } from '../i18n/i18n-context.tsx';
import { resumeOf } from '../payment/session-resume.ts';
import { sessionApiPath } from '../lib/session-paths.ts';
import { successHref } from '../lib/shop-links.ts';
import { lazyComponent } from '../ui/lazy-component.ts';
import { Spinner } from '../ui/spinner.tsx';
import { SessionCheckout, type EmbeddedSession } from './session-checkout.tsx';
import { useLocation } from './use-location.ts';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../i18n/catalogues/session.ts';

/**
 * Saved cards load with the sessions that use them (a customer's cards, or the offer to save one), in a
 * chunk of their own: neither the first load nor any other session page carries them (issue 14).
 */
const SavedCardsProvider = lazyComponent(() =>
  import('./saved-cards-provider.tsx').then((m) => m.SavedCardsProvider),
);
/** A "save a card" session (mode `setup`): no order, only the card to save (`POST /v1/cards`). */
const SaveCardPage = lazyComponent(() =>
  import('../features/card/save-card-page.tsx').then((m) => m.SaveCardPage),
);

interface SessionLoaderProps {
  sessionId: string;
  /**
   * The session JSON the server put into the page, if any: validated here with the full schema. `null`
   * is the server saying it knows no such session (it answered 404): not asked again.
   */
  served?: unknown;
  /** Back from the bank (`/pay/{id}/3ds/…`): wait for the bank's answer rather than offer the bank again. */
  returningFromBank?: boolean;
  embedded?: EmbeddedSession | undefined;
}

/**
 * Every session page that the hand-checked first paint does not cover: a payment to resume, an expired
 * or completed session, the return from the bank, a page with no session JSON in it. The session is
 * validated with `publicSessionSchema` (from the page, or from `GET /api/pay/{id}`); an unknown id is
 * "link not valid", anything else that fails says so and offers to try again.
 */
export function SessionLoader({
  sessionId,
  served,
  returningFromBank = false,
  embedded,
}: SessionLoaderProps) {
  const { t } = useI18n();
  const [fromPage] = useState(() => {
    const parsed = served === undefined ? undefined : parsePublicSession(served);
    return parsed?.id === sessionId ? parsed : undefined;
  });
  const unknownToServer = served === null;
  const query = useQuery({
    ...publicSessionQueryOptions(sessionId),
    enabled: fromPage === undefined && !unknownToServer,
    retry: (count, error) => !(isGatewayError(error) && error.kind === 'not-found') && count < 2,
  });
  const session = fromPage ?? query.data;
  const resume = useMemo(
    () => (session ? resumeOf(session, { returningFromBank }) : undefined),
    [session, returningFromBank],
  );

  if (!session || !resume) {
    if (unknownToServer) return <SessionEnded reason="invalid" />;
    if (query.isError) {
      return isGatewayError(query.error) && query.error.kind === 'not-found' ? (
        <SessionEnded reason="invalid" />
      ) : (
        <SessionLoadError onRetry={() => void query.refetch()} />
      );
    }
    return <Spinner label={t('session.loading')} />;
  }
  const { order } = session;
  if (order === null) {
    return (
      <SessionLocale locale={session.locale}>
        {session.status === 'open' ? (
          <SaveCardPage
            baseUrl={sessionApiPath(session.id)}
            shopHref={successHref(session.success_url, session.id)}
          />
        ) : (
          <SessionEnded
            reason={session.status === 'expired' ? 'expired' : 'saved'}
            shopHref={successHref(session.success_url, session.id)}
          />
        )}
      </SessionLocale>
    );
  }
  const checkout = <SessionCheckout session={{ ...session, order }} resume={resume} embedded={embedded} />;
  return (
    <SessionLocale locale={order.locale}>
      {session.save_cards && session.status === 'open' ? (
        <SavedCardsProvider session={session}>{checkout}</SavedCardsProvider>
      ) : (
        checkout
      )}
    </SessionLocale>
  );
}

/** The shop's choice of language for this session, unless the shopper chose one (`lang`). */
function SessionLocale({
  locale,
  children,
}: {
  locale: 'pt-BR' | 'en' | undefined;
  children: React.ReactNode;
}) {
  const chosen = useLocation().searchParams.has('lang');
  const applied = chosen ? undefined : locale;
  useEffect(() => {
    if (applied) document.documentElement.lang = applied;
  }, [applied]);
  return applied ? <I18nProvider locale={applied}>{children}</I18nProvider> : children;
}
