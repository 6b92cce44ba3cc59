import { sessionIdSchema } from '../../contract/checkout-session.ts';
import type { CardRequest } from '../../contract/gateway/card.ts';
import type { SavedCard } from '../../contract/saved-cards.ts';
import type { AppDeps } from '../app-deps.ts';
import { writeEvents } from '../events/outbox.ts';
import { toSessionEventObject } from '../events/payment-view.ts';
import { GatewayError, type GatewayFieldError } from '../gateway/gateway-error.ts';
import type { ResolvedPolicy } from '../payments/policy.ts';
import { meter } from '../rate-limit/metering.ts';
import { effectiveStatus, findSession, moveSession } from '../sessions/session-repository.ts';
import { brandOfNumber } from './brand-of-number.ts';
import { cardFactsOfCreation } from './card-facts.ts';
import { saveCard, toSavedCard, type CardFacts } from './saved-card-repository.ts';
import { savedCardCustomer } from './saved-card-customer.ts';

export type SaveCardOutcome =
  | { kind: 'saved'; card: SavedCard }
  | { kind: 'not-found' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** Not a "save a card" session (mode `setup` with a customer). */
  | { kind: 'not-setup' }
  | { kind: 'complete' }
  | { kind: 'expired' }
  /** The body could not be read: the route answers its own 4xx. */
  | { kind: 'bad-request' }
  /** The gateway said 400: nothing was created. */
  | { kind: 'rejected'; errors: GatewayFieldError[] }
  /** The gateway may have created it but did not say so: not kept here. */
  | { kind: 'unconfirmed'; status: 502 | 504 }
  | { kind: 'unavailable' }
  /** The gateway answered without a card id, or nothing could be stored. */
  | { kind: 'not-saved'; reason: 'no-card-id' | 'not-stored' };

export interface CardToSave {
  sessionId: string;
  clientAddress: string;
  card: CardRequest | undefined;
}

/**
 * A card saved without a payment, on a "save a card" session (mode `setup`, `POST /api/pay/{id}/v1/cards`).
 * Saving checks the card at the gateway, so it is metered like a payment, by the same subject. The card
 * is kept and the session completed — announced once — in one transaction; a second save in another tab
 * keeps its card but announces nothing.
 */
export async function saveCardForSession(
  deps: AppDeps,
  policy: ResolvedPolicy,
  input: CardToSave,
): Promise<SaveCardOutcome> {
  const { sessionId: sid } = input;
  // An unknown id writes no rate-limit row; a known one counts like a payment, by the same subject.
  const session = sessionIdSchema.safeParse(sid).success ? await findSession(deps.db, sid) : undefined;
  if (!session) return { kind: 'not-found' };
  const now = deps.now();
  const verdict = await meter(deps.db, policy, { kind: 'payment', sessionId: sid }, input.clientAddress, now);
  if (!verdict.allowed) return { kind: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
  const customer = savedCardCustomer(session);
  if (session.mode !== 'setup' || customer === undefined) return { kind: 'not-setup' };
  const status = effectiveStatus(session, now);
  if (status === 'complete') return { kind: 'complete' };
  if (status === 'expired') return { kind: 'expired' };
  const { card } = input;
  if (!card) return { kind: 'bad-request' };

  const log = deps.log.child({ sessionId: sid });
  let answer: unknown;
  try {
    answer = (await deps.gateway.createCard(card)).data;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    log.warn('card creation failed', error.toLogFields());
    if (error.kind === 'integration') return { kind: 'rejected', errors: error.errors ?? [] };
    if (error.outcomeUnknown) return { kind: 'unconfirmed', status: error.kind === 'timeout' ? 504 : 502 };
    return { kind: 'unavailable' };
  }
  // The answer's fields are not shown in the spec: read an id leniently; without one nothing is kept.
  const facts = cardFactsOfCreation(answer, {
    firstDigits: card.card_number.slice(0, 6),
    lastDigits: card.card_number.slice(-4),
    holderName: card.card_holder_name,
    brand: brandOfNumber(card.card_number),
  });
  if (!facts) {
    log.warn('card creation answered no card id');
    return { kind: 'not-saved', reason: 'no-card-id' };
  }
  const saved = await keepCard(deps, customer, facts, sid);
  if (!saved) return { kind: 'not-saved', reason: 'not-stored' };
  log.info('card saved', { cardId: saved.id });
  return { kind: 'saved', card: saved };
}

/** The card and the session's completion (with its event) commit together. */
async function keepCard(
  deps: AppDeps,
  customer: string,
  facts: CardFacts,
  sid: string,
): Promise<SavedCard | undefined> {
  return deps.db.transaction(async (tx) => {
    const row = await saveCard(tx, customer, facts, sid, deps.now());
    const completed = await moveSession(tx, { id: sid, from: ['open'], to: 'complete', at: deps.now() });
    if (completed && row) {
      await writeEvents(
        tx,
        [
          {
            type: 'checkout.session.completed',
            object: { ...toSessionEventObject(completed, 'complete'), saved_card: toSavedCard(row) },
            sessionId: sid,
            attemptId: null,
          },
        ],
        deps.now(),
      );
    }
    return row ? toSavedCard(row) : undefined;
  });
}
