import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageKey } from '../../i18n/messages.ts';
import type { EmbedContextResult } from './embed-context.ts';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/embed.ts';

type Reason = Extract<EmbedContextResult, { ok: false }>['reason'];

const BODY: Record<Reason, MessageKey> = {
  not_framed: 'embed.refused.notFramed',
  bad_params: 'embed.refused.badParams',
  origin_not_allowed: 'embed.refused.originNotAllowed',
};

/** Shown instead of a payment form when the embedding page is not one we may talk to. */
export function EmbedRefused({ reason }: { reason: Reason }) {
  const { t } = useI18n();
  return (
    <section className="config-error" aria-labelledby="embed-refused-heading">
      <h1 id="embed-refused-heading">{t('embed.refused.title')}</h1>
      <p>{t(BODY[reason])}</p>
    </section>
  );
}
