import { Suspense, useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { openSessionForFirstPaint, SERVED_SESSION_ID } from '../lib/public-session.ts';
import { readServedJson } from '../lib/served-json.ts';
import type { SessionPage } from '../lib/session-paths.ts';
import { Spinner } from '../ui/spinner.tsx';
import { onFirstInteraction } from './first-interaction.ts';
import { shownFromHistory } from './history-return.ts';
import { SessionEnded } from './lazy-screens.tsx';
import { SessionLoader } from './lazy-routes.tsx';
import { SessionCheckout } from './session-checkout.tsx';

/** `/pay/{id}` and its 3DS return pages: the shopper's link to one checkout session. */
export function SessionRoute({ page }: { page: SessionPage }) {
  const { t } = useI18n();
  if (!page.ok) {
    return (
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <SessionEnded reason="invalid" />
      </Suspense>
    );
  }
  return <ReturningSession sessionId={page.sessionId} returningFromBank={page.returningFromBank} />;
}

/**
 * A page restored from the back/forward cache is the React tree as the shopper left it: perhaps the blank
 * form, or "taking you to your bank" from before the trip. It asks the server where the payment stands
 * and, when something is under way, shows that instead (a form with nothing under way keeps what was typed).
 */
function ReturningSession({
  sessionId,
  returningFromBank,
}: {
  sessionId: string;
  returningFromBank: boolean;
}) {
  const [restored, setRestored] = useState<{ session: unknown; generation: number } | null>(null);
  useEffect(() => {
    let stopWatching: (() => void) | undefined;
    let gone = false;
    const stopWaiting = onFirstInteraction(() => {
      void import('./history-watch.ts').then(({ watchHistoryReturn }) => {
        if (gone) return;
        stopWatching = watchHistoryReturn(sessionId, returningFromBank, (fresh) => {
          setRestored((current) => ({ session: fresh, generation: (current?.generation ?? 0) + 1 }));
        });
      });
    });
    return () => {
      gone = true;
      stopWaiting();
      stopWatching?.();
    };
  }, [sessionId, returningFromBank]);
  return (
    <ServedSession
      key={`${sessionId}:${restored?.generation ?? 0}`}
      sessionId={sessionId}
      returningFromBank={returningFromBank}
      fresh={restored?.session}
    />
  );
}

interface ServedSessionProps {
  sessionId: string;
  returningFromBank: boolean;
  /** The session just read from the server (a restore from the back/forward cache). */
  fresh?: unknown;
}

function ServedSession({ sessionId, returningFromBank, fresh }: ServedSessionProps) {
  const { t } = useI18n();
  // Back from the bank, Back or Forward onto this page, or a discarded tab reloaded: the page asks the
  // server afresh, since the attempt may have moved on since the HTML was made (history-return.ts).
  const [served] = useState(() =>
    fresh !== undefined
      ? fresh
      : returningFromBank || shownFromHistory()
        ? undefined
        : readServedJson(SERVED_SESSION_ID),
  );
  // An open session with nothing under way paints at once, checked by hand (no zod in the first load).
  const [firstPaint] = useState(() => openSessionForFirstPaint(served, sessionId));
  const [schemaFailed, setSchemaFailed] = useState(false);

  // The full schema check follows as soon as the shopper acts, well before anything is paid; a session
  // that fails it is asked for again (and shown as not valid if it still fails).
  useEffect(() => {
    if (!firstPaint) return undefined;
    return onFirstInteraction(() => {
      import('../api/public-session.ts')
        .then(({ parsePublicSession }) => {
          if (!parsePublicSession(served)) setSchemaFailed(true);
        })
        .catch(() => undefined);
    });
  }, [firstPaint, served]);

  if (firstPaint && !schemaFailed) return <SessionCheckout session={firstPaint} />;
  return (
    <Suspense fallback={<Spinner label={t('app.loading')} />}>
      <SessionLoader
        sessionId={sessionId}
        served={schemaFailed ? undefined : served}
        returningFromBank={returningFromBank}
      />
    </Suspense>
  );
}
