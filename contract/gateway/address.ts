import * as z from 'zod/mini';
import { plainText } from '../plain-text.ts';

const countryCode = z.string().check(z.regex(/^[A-Za-z]{2}$/));
const stateCode = z.string().check(z.regex(/^[A-Z]{2}$/));

/** Address as sent in requests (spec 2.8); `zipcode` is absent from the PIX billing sample. */
export const addressRequestSchema = z.object({
  country: countryCode,
  street: z.string().check(z.minLength(1), z.maxLength(128), plainText()),
  street_number: z.string().check(z.minLength(1), z.maxLength(32), plainText()),
  zipcode: z.optional(z.string().check(z.regex(/^\d{8}$/))),
  state: stateCode,
  city: z.string().check(z.minLength(1), z.maxLength(128), plainText()),
  neighborhood: z.optional(z.string().check(z.maxLength(128), plainText())),
});
export type AddressRequest = z.infer<typeof addressRequestSchema>;

/** Responses are read leniently: the gateway may leave fields out or null. */
export const addressResponseSchema = z.looseObject({
  country: z.nullish(z.string()),
  street: z.nullish(z.string()),
  street_number: z.nullish(z.string()),
  zipcode: z.nullish(z.string()),
  state: z.nullish(z.string()),
  city: z.nullish(z.string()),
  neighborhood: z.nullish(z.string()),
  complementary: z.nullish(z.string()),
});
export type AddressResponse = z.infer<typeof addressResponseSchema>;
