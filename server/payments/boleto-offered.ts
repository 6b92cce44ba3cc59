/**
 * Nothing is created that the checkout would not offer: a session or a payment link that asks for boleto needs
 * it on this server (BOLETO_ENABLED, env.ts `boletoEnabled`). One rule for the merchant API's sessions and links
 * and the console's links.
 */
export function boletoRefusal(
  methods: readonly string[] | undefined,
  boletoOn: boolean,
): { message: string; parameter: 'methods' } | undefined {
  if (boletoOn || !methods?.includes('boleto')) return undefined;
  return {
    message: 'Boleto is not enabled on this checkout server (BOLETO_ENABLED): ask for credit_card or pix.',
    parameter: 'methods',
  };
}
