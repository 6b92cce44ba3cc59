import { PAYMENT_LINK_REFUSALS, type PaymentLinkRefusal } from '../../../contract/checkout-session.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageKey } from '../../i18n/messages.ts';
import { Button } from '../../ui/button.tsx';
import { ResultScreen } from '../../ui/result-screen.tsx';
// Loaded with OutcomeCheck, whose chunk registers the session's words (src/i18n/catalogues/session.ts).

const KNOWN: ReadonlySet<string> = new Set(PAYMENT_LINK_REFUSALS);

/** The server's `payment_link_refusal`, if it is one this page knows how to say. */
export function knownLinkRefusal(code: string | undefined): PaymentLinkRefusal | undefined {
  return code !== undefined && KNOWN.has(code) ? (code as PaymentLinkRefusal) : undefined;
}

const WORDS = {
  payment_link_held: { title: 'session.link.held.title', body: 'session.link.held.body' },
  payment_link_used_up: { title: 'session.link.usedUp.title', body: 'session.link.usedUp.body' },
  payment_link_inactive: { title: 'session.link.inactive.title', body: 'session.link.inactive.body' },
  payment_link_expired: { title: 'session.link.expired.title', body: 'session.link.expired.body' },
} as const satisfies Record<PaymentLinkRefusal, { title: MessageKey; body: MessageKey }>;

interface LinkRefusalScreenProps {
  refusal: PaymentLinkRefusal;
  /** The link's page (the session's cancel URL, checked by src/lib/shop-links.ts), if any. */
  linkHref: string | undefined;
  /** Held: ask the server again, since the slot frees up if the other payment ends without money. */
  onCheckAgain: () => void;
}

/**
 * A payment link's session whose link refused the payment (docs/decisions/287-link-closed-under-the-checkout.md):
 * why, in place of the form, saying nothing was charged. Turned off, expired or used up: the way back to the
 * link's page, which says the same with the shop's own message. Held by another shopper's payment: a way to
 * check again, which brings the form back once the slot is free.
 */
export function LinkRefusalScreen({ refusal, linkHref, onCheckAgain }: LinkRefusalScreenProps) {
  const { t } = useI18n();
  const held = refusal === 'payment_link_held';
  return (
    <ResultScreen
      headingId="link-refusal-heading"
      title={t(WORDS[refusal].title)}
      tone={held ? 'pending' : undefined}
      focusKey={refusal}
    >
      <p>{t(WORDS[refusal].body)}</p>
      {held ? (
        <Button type="button" onClick={onCheckAgain}>
          {t('session.unknown.check')}
        </Button>
      ) : linkHref ? (
        <p>
          <a className="button button--secondary" href={linkHref}>
            {t('session.link.back')}
          </a>
        </p>
      ) : null}
    </ResultScreen>
  );
}
