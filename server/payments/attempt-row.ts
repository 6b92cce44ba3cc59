import type { PaymentAttemptRow } from '../db/rows.ts';

/**
 * A copy of an attempt row as one object literal, every column in the schema's order (server/db/schema.ts),
 * as drizzle reads rows: every row this process builds then has one hidden class (V8's map), like the rows it
 * reads. Built with a spread and more properties on top (`{ ...attempt, status }`), each payment's row got
 * maps of its own, made at run time: about 70 µs of a payment's CPU in `perf`, 30 of them in `beginAttempt`
 * (decision 276). Change a copy's fields by assignment, which keeps its map.
 */
export function copyAttemptRow(row: PaymentAttemptRow): PaymentAttemptRow {
  return {
    id: row.id,
    sessionId: row.sessionId,
    paymentMethod: row.paymentMethod,
    amount: row.amount,
    installments: row.installments,
    status: row.status,
    gatewayStatus: row.gatewayStatus,
    transactionId: row.transactionId,
    gatewayResponse: row.gatewayResponse,
    gatewayErrors: row.gatewayErrors,
    cardLast4: row.cardLast4,
    customerDocument: row.customerDocument,
    cardBrand: row.cardBrand,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    gatewayRefId: row.gatewayRefId,
    saveCard: row.saveCard,
    savedCardId: row.savedCardId,
    refundReason: row.refundReason,
    checkedAt: row.checkedAt,
    authorizedAmount: row.authorizedAmount,
    capturedAmount: row.capturedAmount,
    refundedAmount: row.refundedAmount,
    authorizedAt: row.authorizedAt,
    captureDeadlineAt: row.captureDeadlineAt,
    captureWarnedAt: row.captureWarnedAt,
    paidAt: row.paidAt,
    nextCheckAt: row.nextCheckAt,
    checkLockedUntil: row.checkLockedUntil,
    checkCount: row.checkCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
