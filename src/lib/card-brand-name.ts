/** Brand ids as gateways and credit-card-type write them → the names printed on cards. */
const NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'American Express',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  'diners-club': 'Diners Club',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

/** "visa" → "Visa"; an unknown id is shown with its words capitalised rather than hidden. */
export function cardBrandName(id: string | null | undefined): string {
  if (!id) return '';
  const known = NAMES[id.toLowerCase()];
  if (known) return known;
  return id
    .split(/[-_\s]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
