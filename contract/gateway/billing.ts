import * as z from 'zod/mini';
import { plainText } from '../plain-text.ts';
import { addressRequestSchema, addressResponseSchema } from './address.ts';
import { gatewayTimestampSchema } from './common.ts';

export const billingRequestSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(128), plainText()),
  address: addressRequestSchema,
});
export type BillingRequest = z.infer<typeof billingRequestSchema>;

export const billingResponseSchema = z.looseObject({
  id: z.optional(z.int()),
  name: z.nullish(z.string()),
  created_at: z.optional(gatewayTimestampSchema),
  updated_at: z.optional(gatewayTimestampSchema),
  address: z.nullish(addressResponseSchema),
});
export type BillingResponse = z.infer<typeof billingResponseSchema>;
