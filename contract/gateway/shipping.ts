import * as z from 'zod/mini';
import { plainText } from '../plain-text.ts';

export const shippingRequestSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(128), plainText()),
  // The spec types the shipping fee as a string; its unit (cents): docs/gateway-api.md §2.12.
  fee: z.string().check(z.regex(/^\d+$/)),
  address: z.object({
    street: z.string().check(z.minLength(1), z.maxLength(128), plainText()),
    street_number: z.string().check(z.minLength(1), z.maxLength(32), plainText()),
    zipcode: z.string().check(z.regex(/^\d{8}$/)),
    country: z.string().check(z.regex(/^[A-Za-z]{2}$/)),
    state: z.string().check(z.regex(/^[A-Z]{2}$/)),
    city: z.string().check(z.minLength(1), z.maxLength(128), plainText()),
  }),
});
export type ShippingRequest = z.infer<typeof shippingRequestSchema>;
