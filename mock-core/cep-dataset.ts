import type { CepAddress } from '../contract/address-lookup.ts';

/**
 * A handful of real CEPs, as the Correios' base (through ViaCEP) names them, for the mock/default mode and
 * the designers' preview: `npm start` and the e2e suite fill addresses without reaching the internet.
 * One town-wide CEP (Engenheiro Coelho) has no street or neighbourhood, like the real ones.
 */
const ADDRESSES: readonly CepAddress[] = [
  { cep: '01001000', street: 'Praça da Sé', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
  { cep: '01310100', street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
  {
    cep: '05773090',
    street: 'Rua Manuel Castanho',
    neighborhood: 'Parque Regina',
    city: 'São Paulo',
    state: 'SP',
  },
  {
    cep: '06233030',
    street: 'Rua Paula Rodrigues',
    neighborhood: 'Piratininga',
    city: 'Osasco',
    state: 'SP',
  },
  {
    cep: '20271130',
    street: 'Avenida Presidente Castelo Branco',
    neighborhood: 'Maracanã',
    city: 'Rio de Janeiro',
    state: 'RJ',
  },
  {
    cep: '70150900',
    street: 'Praça dos Três Poderes',
    neighborhood: 'Zona Cívico-Administrativa',
    city: 'Brasília',
    state: 'DF',
  },
  { cep: '13165000', street: '', neighborhood: '', city: 'Engenheiro Coelho', state: 'SP' },
];

const BY_CEP = new Map(ADDRESSES.map((address) => [address.cep, address]));

/** The address of a CEP of the dataset (8 digits), or null: unknown, as a real provider says it. */
export function lookupMockCep(cep: string): CepAddress | null {
  return BY_CEP.get(cep) ?? null;
}

/** Every CEP the mock knows, for the designer panel and tests. */
export const MOCK_CEPS: readonly string[] = ADDRESSES.map((address) => address.cep);
