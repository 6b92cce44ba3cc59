/**
 * The root of each resource's query keys. A resource's api.ts builds its keys under its roots; a change that
 * another resource shows too (a capture moves the home page's figures) invalidates that resource's root by
 * name here, never the whole cache.
 */
export const QUERY_ROOTS = {
  me: ['console', 'me'],
  summary: ['console', 'summary'],
  payments: ['console', 'payments'],
  payment: ['console', 'payment'],
  customers: ['console', 'customers'],
  customer: ['console', 'customer'],
  links: ['console', 'links'],
  link: ['console', 'link'],
  deliveries: ['console', 'deliveries'],
  receivables: ['console', 'receivables'],
  eventEndpoints: ['console', 'endpoints'],
  webhookEndpoints: ['console', 'developers', 'webhook-endpoints'],
  apiKeys: ['console', 'developers', 'api-keys'],
  users: ['console', 'settings', 'users'],
  audit: ['console', 'settings', 'audit'],
  /** The shop's identity (Settings) and what the header and login page show of it. */
  shop: ['console', 'shop'],
  notices: ['console', 'settings', 'notices'],
} as const;
