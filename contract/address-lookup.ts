import * as z from 'zod/mini';

/**
 * The checkout's own CEP lookup (`GET /api/cep/{cep}`): a CEP (Brazilian postal code) in, the address it
 * names out. Public like the fee simulation: it moves no money. The browser validates the answer with this
 * schema, the server validates its provider's answer before it becomes this.
 */
export const cepSchema = z.string().check(z.regex(/^\d{8}$/));

const text = (max: number) => z.string().check(z.maxLength(max));

export const cepAddressSchema = z.object({
  cep: cepSchema,
  /** Empty for a town with one CEP for all of it: the shopper types the street. */
  street: text(200),
  neighborhood: text(120),
  city: z.string().check(z.minLength(1), z.maxLength(120)),
  /** The UF, two capital letters. */
  state: z.string().check(z.regex(/^[A-Z]{2}$/)),
});
export type CepAddress = z.infer<typeof cepAddressSchema>;

/** Under the API base (`/api` wherever the page is served). */
export const cepLookupPath = (cep: string) => `/cep/${cep}`;
