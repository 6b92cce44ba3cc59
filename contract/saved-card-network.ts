/**
 * A saved card's brand as the gateway stored it ("Visa", "amex", "American Express") written as a network
 * id (`visa`, `amex`, `american-express`), for the fee table's lookup (contract/fee-brands.ts). The server
 * prices a saved card with it and the card form shows that price with it: both must agree.
 */
export function savedCardNetwork(brand: string | null | undefined): string {
  return (brand ?? '').trim().toLowerCase().replace(/\s+/g, '-');
}
