import { Suspense, useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { openSessionForFirstPaint, SERVED_SESSION_ID } from '../lib/public-session.ts';
import { readServedJson } from '../lib/served-json.ts';
import type { SessionPage } from '../lib/session-paths.ts';
import { Spinner } from '../ui/spinner.tsx';
import { onFirstInteraction } from './first-interaction.ts';
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
  return (
    <ServedSession
      key={page.sessionId}
      sessionId={page.sessionId}
      returningFromBank={page.returningFromBank}
    />
  );
}

function ServedSession({ sessionId, returningFromBank }: { sessionId: string; returningFromBank: boolean }) {
  const { t } = useI18n();
  // Back from the bank the page asks the server afresh: the attempt has moved on since any HTML was made.
  const [served] = useState(() => (returningFromBank ? undefined : readServedJson(SERVED_SESSION_ID)));
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
