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
  maxInstallments: number;
  threeDS: (typeof THREE_DS_POLICIES)[number];
  feesPaidBy: FeesPaidBy;
  capture: (typeof CAPTURE_MODES)[number];
  locale: (typeof LOCALES)[number] | null;
  descriptor: string | null;
  afterPayment: AfterPayment | null;
  collect: Collect;
  embedOrigins: string[];
}

/** The defaults are a session's own (create-session.ts). */
export function settingsOf(body: CreatePaymentLinkRequest): LinkSettings {
  return {
    methods: body.methods ? [...new Set(body.methods)] : ['credit_card', 'pix'],
    maxInstallments: body.max_installments ?? 12,
    threeDS: body.three_ds ?? 'off',
    feesPaidBy: body.fees_paid_by ?? 'merchant',
    capture: body.capture ?? 'automatic',
    locale: body.locale ?? null,
    descriptor: body.descriptor ?? null,
    afterPayment: body.after_payment ?? null,
    collect: body.collect ?? {},
    embedOrigins: body.embed_origins ?? [],
  };
}

/** The column as stored (jsonb): read back with the type it was written with. */
export function readSettings(value: Record<string, unknown>): LinkSettings {
  return value as unknown as LinkSettings;
}
