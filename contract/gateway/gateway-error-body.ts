import * as z from 'zod/mini';

/** The expected 400 body (docs/gateway-api.md §7); other shapes are handled by the error parser. */
export const gatewayErrorBodySchema = z.object({
  errors: z.array(
    z.looseObject({
      message: z.string(),
      parameter_name: z.nullish(z.string()),
      type: z.nullish(z.string()),
    }),
  ),
});
export type GatewayErrorBody = z.infer<typeof gatewayErrorBodySchema>;
