import type { CheckoutSessionRow } from '../db/rows.ts';
import { effectiveStatus } from './session-repository.ts';

export interface ClosedSessionError {
  status: 409 | 410;
  message: string;
  type: 'session_complete' | 'session_expired';
}

/** A paid or expired session does nothing that costs a gateway call any more: the error to answer, if so. */
export function closedSessionError(session: CheckoutSessionRow, now: Date): ClosedSessionError | undefined {
  const status = effectiveStatus(session, now);
  if (status === 'complete')
    return { status: 409, message: 'This checkout is already paid.', type: 'session_complete' };
  if (status === 'expired')
    return {
      status: 410,
      message: 'This checkout has expired. Ask the shop for a new link.',
      type: 'session_expired',
    };
  return undefined;
}
