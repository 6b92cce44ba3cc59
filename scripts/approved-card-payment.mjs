// The shopper's request both load scripts send (bench-server.mjs, soak.mjs): an approved test card paying
// a one-item order at once, as the checkout page builds it — the item's price is the whole amount.

/** @param {{ title: string; unit_price: number; quantity: 1; tangible: boolean }} item */
export function approvedCardPayment(item) {
  return {
    payment_method: 'credit_card',
    amount: item.unit_price,
    async: false,
    capture: true,
    installments: 1,
    card: {
      card_number: '4111111111111111',
      card_holder_name: 'MARIA SILVA',
      card_expiration_date: '0333',
      card_cvv: '123',
    },
    billing: {
      name: 'Maria Silva',
      address: {
        country: 'br',
        street: 'Avenida Paulista',
        street_number: '1000',
        zipcode: '01310100',
        state: 'SP',
        city: 'São Paulo',
        neighborhood: 'Bela Vista',
      },
    },
    items: [item],
  };
}
