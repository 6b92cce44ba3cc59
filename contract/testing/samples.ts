/** Spec-shaped bodies with the gateway's published sample values (docs/gateway-api.md), for tests only. */
export const cardRequestSample = {
  payment_method: 'credit_card',
  amount: 15090,
  async: false,
  capture: true,
  installments: 1,
  descriptor: 'LOJA EXEMPLO',
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
  items: [{ title: 'Tênis de corrida', unit_price: 10000, quantity: 1, tangible: true }],
};

export const customerSample = {
  external_id: '42',
  name: 'Maria Silva',
  type: 'individual',
  country: 'br',
  email: 'maria@example.com',
  phone_numbers: ['+5511987654321'],
  documents: [{ type: 'cpf', number: '52998224725' }],
};

export const threeDSRequestSample = {
  ...cardRequestSample,
  capture: false,
  customer: customerSample,
  threeDSecure: {
    urlSuccess: 'https://shop.example/3ds/return?ref=abc&outcome=success',
    urlFail: 'https://shop.example/3ds/return?ref=abc&outcome=fail',
    userAgent: 'Mozilla/5.0',
    ipAddress: '',
    device: {
      colorDepth: '1',
      deviceType3ds: 'browser',
      javaEnabled: true,
      language: 'br',
      screenHeight: 900,
      screenWidth: 600,
      timeZoneOffset: -3,
    },
  },
};

export const pixRequestSample = {
  payment_method: 'pix',
  amount: 15090,
  billing: {
    name: 'Maria Silva',
    address: {
      country: 'br',
      street: 'Avenida Paulista',
      street_number: '1000',
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
    },
  },
  customer: customerSample,
  shipping: {
    name: 'Maria Silva',
    fee: '1500',
    address: {
      street: 'Avenida Paulista',
      street_number: '1000',
      zipcode: '01310100',
      country: 'br',
      state: 'SP',
      city: 'São Paulo',
    },
  },
};

/**
 * The PIX creation response of the samples in docs/gateway-api.md, completed with the other fields of spec
 * 2.9.
 */
export const pixTransactionSample = {
  id: 23,
  ip_address: '127.0.0.1',
  tid: null,
  amount: 15090,
  capture_amount: 15090,
  paid_amount: null,
  ref_id: '5992873329',
  status: 'processing',
  created_at: '2022-02-02T18:05:37.000000Z',
  updated_at: '2022-02-02T18:05:37.000000Z',
  pix_qr_code: '00020101021226830014br.gov.bcb.pix2561qrcodes.example/v2/123520400005303986540515090',
  pix_expiration_date: '2025-04-02 13:43:00',
  pix_additional_fields: { pix_id: 'E123456789' },
  installments: 1,
  reference_key: null,
  session: null,
  local_time: null,
  payment_method: 'pix',
  customer: {
    id: 7,
    external_id: '42',
    name: 'Maria Silva',
    type: 'individual',
    country: 'br',
    email: 'maria@example.com',
    birthday: null,
    phone_numbers: ['+5511987654321'],
    documents: [{ id: 9, type: 'cpf', number: '52998224725' }],
    created_at: '2022-02-02T18:05:37.000000Z',
    updated_at: '2022-02-02T18:05:37.000000Z',
  },
  billing: {
    id: 3,
    name: 'Maria Silva',
    created_at: '2022-02-02T18:05:37.000000Z',
    updated_at: '2022-02-02T18:05:37.000000Z',
    address: {
      country: 'br',
      street: 'Avenida Paulista',
      street_number: '1000',
      zipcode: null,
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
      complementary: null,
    },
  },
  items: [
    {
      id: 5,
      external_id: null,
      title: 'Tênis de corrida',
      unit_price: 10000,
      quantity: 1,
      tangible: 1,
      category: null,
      venue: null,
      date: null,
      created_at: '2022-02-02T18:05:37.000000Z',
      updated_at: '2022-02-02T18:05:37.000000Z',
    },
  ],
  metadata: null,
};

export const feeSimulationResponseSample = {
  brand: 'Mastercard',
  product: 'Crédito 12x',
  plataformType: 'E-COMMERCE',
  grossAmount: 194.53,
  netAmount: 190,
  mdr: 2.33,
  antecipationRate: 2,
  antecipatedAmount: 186.2,
  installments: [
    {
      previsionPaymentDate: '2023-10-30T00:00:00',
      grossAmount: 15.87,
      netAmount: 16.22,
      installment: 1,
      antecipationRate: 2.0666,
      antecipatedAmount: 16.56,
    },
  ],
  saleTypeCode: 'credit',
  fees: 'cliente',
};

/** The session customer's billing address as a shop's backend sends it (`customer.address`): the same place. */
export const sessionAddressSample = {
  street: 'Avenida Paulista',
  street_number: '1000',
  zipcode: '01310100',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
