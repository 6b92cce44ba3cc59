import * as z from 'zod/mini';
import { plainText } from '../plain-text.ts';
import { gatewayTimestampSchema } from './common.ts';

export const documentRequestSchema = z.object({
  // Both cases appear in the spec's requests; we send lower case.
  type: z.enum(['cpf', 'cnpj', 'CPF', 'CNPJ']),
  // CPF: 11 digits; CNPJ: 14 characters, alphanumeric from July 2026 (the last two stay digits).
  number: z.string().check(z.regex(/^\d{11}$|^[0-9A-Z]{12}\d{2}$/)),
});
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

export const customerRequestSchema = z.object({
  external_id: z.optional(z.string().check(z.maxLength(64), plainText())),
  name: z.string().check(z.minLength(1), z.maxLength(128), plainText()),
  type: z.literal('individual'),
  country: z.string().check(z.regex(/^[A-Za-z]{2}$/)),
  email: z.email(),
  phone_numbers: z.array(z.string().check(z.regex(/^\+\d{8,15}$/))),
  documents: z.array(documentRequestSchema).check(z.minLength(1)),
});
export type CustomerRequest = z.infer<typeof customerRequestSchema>;

export const customerResponseSchema = z.looseObject({
  id: z.optional(z.int()),
  external_id: z.nullish(z.string()),
  name: z.nullish(z.string()),
  type: z.nullish(z.string()),
  country: z.nullish(z.string()),
  email: z.nullish(z.string()),
  birthday: z.nullish(z.string()),
  phone_numbers: z.nullish(z.array(z.string())),
  documents: z.nullish(
    z.array(z.looseObject({ id: z.optional(z.int()), type: z.string(), number: z.string() })),
  ),
  created_at: z.optional(gatewayTimestampSchema),
  updated_at: z.optional(gatewayTimestampSchema),
});
export type CustomerResponse = z.infer<typeof customerResponseSchema>;
