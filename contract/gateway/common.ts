import * as z from 'zod/mini';

/** Gateway timestamps: UTC with six fractional digits and a trailing Z (spec 2.9). */
export const gatewayTimestampSchema = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/));

/** Integer cents of BRL (docs/gateway-api.md §2.12). */
export const cents = z.int().check(z.nonnegative());

export const digits = (min: number, max: number) =>
  z.string().check(z.regex(new RegExp(`^\\d{${min},${max}}$`)));
