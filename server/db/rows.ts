/**
 * The row types of server/db/schema.ts, without its tables. Use cases, views and jobs pass rows around but
 * never query a table themselves: only repositories (a domain folder's `*-repository` modules, such as
 * server/payments/attempt-repository.ts) import the schema, so every query of a table is found in its
 * repository and a table changes in one place (`server-schema-only-from-repositories` in
 * .dependency-cruiser.cjs).
 */
export type {
  CheckoutSessionRow,
  ConsoleAuditRow,
  ConsoleSessionRow,
  ConsoleUserRow,
  NewCheckoutSessionRow,
  OutboxDeliveryRow,
  OutboxEventRow,
  PaymentAttemptRow,
  PaymentLinkRow,
  NewPaymentLinkRow,
  PaymentOperationRow,
  SavedCardRow,
  ShopIdentityRow,
  ApiKeyRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  MailSendRow,
  StoredMail,
} from './schema.ts';
