import * as z from 'zod/mini';
import { addressRequestSchema, addressResponseSchema } from './address.ts';
import { gatewayTimestamp } from './common.ts';
export const billingRequestSchema = z.object({
    name: z.string().check(z.minLength(1)),
    address: addressRequestSchema,
});
export const billingResponseSchema = z.looseObject({
    id: z.optional(z.int()),
    name: z.nullish(z.string()),
    created_at: z.optional(gatewayTimestamp),
    updated_at: z.optional(gatewayTimestamp),
    address: z.nullish(addressResponseSchema),
});
