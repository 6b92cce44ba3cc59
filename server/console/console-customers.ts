import type {
  ConsoleCustomer,
  ConsoleCustomerDetail,
  ConsoleCustomerList,
} from '../../contract/console/console-customers-developers.ts';
import type { ConsoleRole } from '../../contract/console/console-auth.ts';
import { roleMay } from '../../contract/console/console-auth.ts';
import { customerSearchSchema, type CustomerView } from '../../contract/customers.ts';
import type { Database } from '../db/database.ts';
import {
  eraseCustomer,
  getCustomer,
  listCustomerCards,
  listCustomerPayments,
  listCustomers,
} from '../customers/manage-customers.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { maskDocument } from './console-payment-view.ts';

/**
 * The console's Customers page over the customers' use cases (server/customers/manage-customers.ts): the
 * same lists, with the CPF/CNPJ masked and the buttons the user's role allows. No logic of its own.
 */

/** Newest payments on a customer's page; the Payments page finds the rest by the e-mail. */
const PAYMENTS_SHOWN = 50;

export function toConsoleCustomer(view: CustomerView): ConsoleCustomer {
  return {
    id: view.id,
    name: view.name,
    email: view.email,
    document: maskDocument(view.document?.number.replace(/[.\-/\s]/g, '').toUpperCase()),
    sessions: view.sessions,
    first_seen_at: view.first_seen_at,
    last_seen_at: view.last_seen_at,
    erased: view.erased,
  };
}

export type CustomerQuery =
  | { kind: 'all' }
  | { kind: 'email'; email: string }
  | { kind: 'document'; document: string }
  | { kind: 'id'; id: string };

/** One search box: an e-mail (has an @), a CPF/CNPJ (digits with or without punctuation), else the shop's id. */
export function readCustomerQuery(q: string | undefined): CustomerQuery | 'invalid_email' {
  const text = q?.trim() ?? '';
  if (text === '') return { kind: 'all' };
  if (text.includes('@')) {
    const parsed = customerSearchSchema.safeParse({ email: text.toLowerCase() });
    return parsed.success && parsed.data.email
      ? { kind: 'email', email: parsed.data.email }
      : 'invalid_email';
  }
  const document = customerSearchSchema.safeParse({ document: text });
  if (document.success && document.data.document)
    return { kind: 'document', document: document.data.document };
  return { kind: 'id', id: text };
}

export async function consoleCustomerPage(
  db: Database,
  query: Exclude<CustomerQuery, { kind: 'id' }>,
  options: { limit: number; after: { at: Date; id: string } | undefined },
): Promise<{ data: ConsoleCustomer[]; next: { at: Date; id: string } | undefined }> {
  const search =
    query.kind === 'email'
      ? { email: query.email }
      : query.kind === 'document'
        ? { document: query.document }
        : {};
  const page = await listCustomers(db, {
    search,
    limit: options.limit,
    ...(options.after ? { after: options.after } : {}),
  });
  return { data: page.data.map(toConsoleCustomer), next: page.hasMore ? page.last : undefined };
}

export async function consoleCustomerById(db: Database, id: string): Promise<ConsoleCustomerList> {
  const view = await getCustomer(db, id);
  return { data: view ? [toConsoleCustomer(view)] : [], next_cursor: null };
}

export async function consoleCustomerDetail(
  db: Database,
  id: string,
  role: ConsoleRole,
): Promise<ConsoleCustomerDetail | undefined> {
  const view = await getCustomer(db, id);
  if (!view) return undefined;
  const payments = await listCustomerPayments(db, id, { limit: PAYMENTS_SHOWN });
  const cards = await listCustomerCards(db, id);
  const action = (permission: 'operate' | 'administer') =>
    roleMay(role, permission)
      ? view.erased && permission === 'administer'
        ? { allowed: false, reason: 'erased' as const }
        : { allowed: true, reason: null }
      : { allowed: false, reason: 'role' as const };
  return {
    customer: toConsoleCustomer(view),
    payments: payments.data.map((payment) => ({
      id: payment.id,
      reference: payment.reference,
      payment_method: payment.payment_method,
      status: payment.status,
      amount: payment.amount,
      captured_amount: payment.captured_amount,
      refunded_amount: payment.refunded_amount,
      created_at: payment.created_at,
    })),
    more_payments: payments.hasMore,
    cards,
    remove_card: action('operate'),
    erase: action('administer'),
  };
}

/** The typed confirmation: the customer's e-mail (any case), or their id when no e-mail is left. */
export function erasureConfirmed(customer: ConsoleCustomer, confirmation: string): boolean {
  const expected = customer.email ?? customer.id;
  return confirmation.trim().toLowerCase() === expected.trim().toLowerCase();
}

export type ConsoleEraseOutcome =
  | Awaited<ReturnType<typeof eraseCustomer>>
  | { ok: false; reason: 'confirmation_mismatch' };

/**
 * Erasure from the console: only with the customer's e-mail (or id) typed again, a mismatch on the audit log
 * too; then the merchant API's erasure, its audit row in its transaction.
 */
export async function consoleEraseCustomer(
  db: Database,
  id: string,
  confirmation: string,
  actor: AuditActor,
  now: Date,
): Promise<ConsoleEraseOutcome> {
  const view = await getCustomer(db, id);
  if (!view) return { ok: false, reason: 'not_found' };
  if (!erasureConfirmed(toConsoleCustomer(view), confirmation)) {
    await recordAudit(
      db,
      actor,
      'customer.erase',
      { type: 'customer', id },
      { outcome: 'confirmation_mismatch' },
      now,
    );
    return { ok: false, reason: 'confirmation_mismatch' };
  }
  return eraseCustomer(db, id, now, actor);
}
