import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { Database } from '../db/database.ts';
import { probeCircuitsNow } from '../events/circuit-repository.ts';
import { findEventWithDeliveries, requeueEvent, requeueFailedEvents } from '../events/event-repository.ts';
import { ENVIRONMENT_ENDPOINT_ID } from './endpoint-ids.ts';
import { enqueueDelivery, findEndpoint, requeueDeliveries } from './endpoint-repository.ts';

/*
 * Resending (docs/merchants/payments-api.md, "Events"): the event keeps its id, so a merchant that already
 * has it de-duplicates it. Without an endpoint, to every endpoint it was meant for (the environment's and
 * each subscribed one); with one, to that one only — even one the event was not fanned out to. The requeues
 * and, with an `actor` (the console), the audit row commit together.
 */

export type ResendOutcome =
  | { ok: true; eventId: string; requeued: number }
  | { ok: false; reason: 'no_event' | 'no_endpoint' };

export async function resendEvent(
  db: Database,
  eventId: string,
  options: { now: Date; endpointId?: string; actor?: AuditActor },
): Promise<ResendOutcome> {
  const { now, endpointId, actor } = options;
  return db.transaction(async (tx) => {
    const result = await requeueOne(tx, eventId, now, endpointId);
    if (actor) {
      await recordAudit(
        tx,
        actor,
        'event.resend',
        { type: 'event', id: eventId },
        { endpoint_id: endpointId, outcome: result.ok ? 'requeued' : result.reason },
        now,
      );
    }
    return result;
  });
}

async function requeueOne(
  db: Database,
  eventId: string,
  now: Date,
  endpointId: string | undefined,
): Promise<ResendOutcome> {
  if (
    endpointId !== undefined &&
    endpointId !== ENVIRONMENT_ENDPOINT_ID &&
    !(await findEndpoint(db, endpointId))
  )
    return { ok: false, reason: 'no_endpoint' };
  // The merchant asks for it now: the endpoint's open circuit probes at once (all of them: every endpoint).
  await probeCircuitsNow(db, endpointId === undefined ? undefined : [endpointId], now);
  if (endpointId === undefined || endpointId === ENVIRONMENT_ENDPOINT_ID) {
    const row = await requeueEvent(db, eventId, now);
    if (!row) return { ok: false, reason: 'no_event' };
    const endpoints =
      endpointId === undefined ? await requeueDeliveries(db, { now, eventId, onlyFailed: false }) : 0;
    return { ok: true, eventId, requeued: 1 + endpoints };
  }
  if (!(await findEventWithDeliveries(db, eventId))) return { ok: false, reason: 'no_event' };
  await enqueueDelivery(db, eventId, endpointId, now);
  return { ok: true, eventId, requeued: 1 };
}

/** Every failed delivery back to the queue: of one endpoint (the environment's included), or all. */
export async function resendFailedDeliveries(
  db: Database,
  options: { now: Date; endpointId?: string; actor?: AuditActor },
): Promise<ResendFailedOutcome> {
  const { now, endpointId, actor } = options;
  return db.transaction(async (tx) => {
    const result = await requeueFailed(tx, now, endpointId);
    if (actor) {
      await recordAudit(
        tx,
        actor,
        'event.resend_failed',
        { type: 'event', id: null },
        { requeued: result.ok ? result.requeued : 0 },
        now,
      );
    }
    return result;
  });
}

type ResendFailedOutcome = { ok: true; requeued: number } | { ok: false; reason: 'no_endpoint' };

async function requeueFailed(
  db: Database,
  now: Date,
  endpointId: string | undefined,
): Promise<ResendFailedOutcome> {
  await probeCircuitsNow(db, endpointId === undefined ? undefined : [endpointId], now);
  if (endpointId === ENVIRONMENT_ENDPOINT_ID)
    return { ok: true, requeued: await requeueFailedEvents(db, now) };
  if (endpointId !== undefined) {
    if (!(await findEndpoint(db, endpointId))) return { ok: false, reason: 'no_endpoint' };
    return { ok: true, requeued: await requeueDeliveries(db, { now, endpointId, onlyFailed: true }) };
  }
  const events = await requeueFailedEvents(db, now);
  return { ok: true, requeued: events + (await requeueDeliveries(db, { now, onlyFailed: true })) };
}
