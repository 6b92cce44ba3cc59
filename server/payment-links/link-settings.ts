import type { BoletoOptions } from '../../contract/boleto/boleto-options.ts';
import type { CAPTURE_MODES } from '../../contract/checkout-session.ts';
import type {
  AfterPayment,
  Collect,
  CreatePaymentLinkRequest,
} from '../../contract/payment-links/payment-link.ts';
import type { FeesPaidBy, LOCALES, PAYMENT_METHODS, THREE_DS_POLICIES } from '../../contract/order-values.ts';

/**
 * What every session opened from a link gets besides its order — kept in one `settings` column, since
 * nothing queries them: they are read whole when a visit opens a session.
 */
export interface LinkSettings {
  methods: (typeof PAYMENT_METHODS)[number][];
  /** Absent in links made before links offered boleto. */
  boleto?: BoletoOptions | null;
  maxInstallments: number;
  threeDS: (typeof THREE_DS_POLICIES)[number];
  feesPaidBy: FeesPaidBy;
  capture: (typeof CAPTURE_MODES)[number];
  locale: (typeof LOCALES)[number] | null;
  descriptor: string | null;
  afterPayment: AfterPayment | null;
  collect: Collect;
  embedOrigins: string[];
  /** Absent (links made before receipts existed) or true: receipts on. */
  receipts?: boolean;
}

/** The defaults are a session's own (create-session.ts). */
export function settingsOf(body: CreatePaymentLinkRequest): LinkSettings {
  return {
    methods: body.methods ? [...new Set(body.methods)] : ['credit_card', 'pix'],
    // As for a session: kept only where it can apply.
    boleto: body.boleto && body.methods?.includes('boleto') ? body.boleto : null,
    maxInstallments: body.max_installments ?? 12,
    threeDS: body.three_ds ?? 'off',
    feesPaidBy: body.fees_paid_by ?? 'merchant',
    capture: body.capture ?? 'automatic',
    locale: body.locale ?? null,
    descriptor: body.descriptor ?? null,
    afterPayment: body.after_payment ?? null,
    collect: body.collect ?? {},
    embedOrigins: body.embed_origins ?? [],
    ...(body.receipts === false ? { receipts: false } : {}),
  };
}

/**
 * The link's methods this server offers now: boleto only while BOLETO_ENABLED allows it (a link made while it
 * was on keeps its card and PIX when it is turned off). A link of boleto alone keeps it: its checkout then
 * answers the shopper's boleto with a clear 400, and nothing reaches the gateway.
 */
export function offeredMethods(settings: LinkSettings, boletoOn: boolean): LinkSettings['methods'] {
  const kept = boletoOn ? settings.methods : settings.methods.filter((method) => method !== 'boleto');
  return kept.length > 0 ? kept : settings.methods;
}

/** The column as stored (jsonb): read back with the type it was written with. */
export function readSettings(value: Record<string, unknown>): LinkSettings {
  return value as unknown as LinkSettings;
}
