import {
  ATTEMPT_MACHINE,
  ATTEMPT_STATUSES,
  REFUND_SETTLED,
  SESSION_MACHINE,
  SESSION_STATUS_LIST,
} from './state-machine.ts';

/**
 * The Mermaid text of docs/architecture/state-machine.md, generated from the transition tables
 * (state-machine.test.ts fails when the file differs; `UPDATE_STATE_DIAGRAM=1` rewrites it).
 */
export function stateDiagramMarkdown(): string {
  const attempt = [
    'stateDiagram-v2',
    '  [*] --> sending',
    ...ATTEMPT_STATUSES.flatMap((from) => ATTEMPT_MACHINE[from].to.map((to) => `  ${from} --> ${to}`)),
    `  ${REFUND_SETTLED.from} --> ${REFUND_SETTLED.to}: partial refund settled`,
  ];
  const session = [
    'stateDiagram-v2',
    '  [*] --> open',
    ...SESSION_STATUS_LIST.flatMap((from) =>
      (SESSION_MACHINE[from] as readonly string[]).map((to) => `  ${from} --> ${to}`),
    ),
  ];
  return [
    '# Payment state machine',
    '',
    'Generated from `server/payments/state-machine.ts` (the transition tables); `server/payments/state-machine.test.ts`',
    'fails when this file differs from them. Regenerate with',
    '`UPDATE_STATE_DIAGRAM=1 npx vitest run server/payments/state-machine.test.ts`.',
    '',
    'Every status change of a payment attempt is written by `attemptMoveSql` (server/payments/attempt-repository.ts),',
    'which refuses a move the table does not list and writes the `payment_events` history row in the same',
    'statement. A gateway read that is not a listed move (a late webhook) changes nothing but `checked_at`.',
    "The gateway's own status is kept as it said it in `payment_attempts.gateway_status`; a status the table",
    'does not know is recorded as `processing` (in progress: followed, and blocking a second payment).',
    '',
    '## Payment attempt',
    '',
    '```mermaid',
    ...attempt,
    '```',
    '',
    '## Checkout session',
    '',
    "Written only by `moveSession` (server/sessions/session-repository.ts) and, completing, the answer's statement (server/payments/apply-change-repository.ts). An open session past",
    '`expires_at` already reads as expired (lazy expiry); the sweep and the merchant store it.',
    '',
    '```mermaid',
    ...session,
    '```',
    '',
  ].join('\n');
}
