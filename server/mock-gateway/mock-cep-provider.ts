import { lookupMockCep } from '../../mock-core/cep-dataset.ts';
import type { CepProvider } from '../address/cep-provider.ts';

/** The mock/default mode: the mock core's small dataset of real CEPs, no network. */
export function datasetCepProvider(): CepProvider {
  return { name: 'dataset', lookup: (cep) => Promise.resolve(lookupMockCep(cep)) };
}
