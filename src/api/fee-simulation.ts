import { gatewayRequest } from './http-client.ts';
import {
  feeSimulationRequestSchema,
  feeSimulationResponseSchema,
  type FeeSimulationRequest,
  type FeeSimulationResponse,
} from '../../contract/gateway/fee-simulation.ts';

export function simulateFees(
  baseUrl: string,
  body: FeeSimulationRequest,
  signal?: AbortSignal,
): Promise<FeeSimulationResponse> {
  return gatewayRequest({
    method: 'POST',
    path: '/v1/simulate/tax',
    body,
    requestSchema: feeSimulationRequestSchema,
    responseSchema: feeSimulationResponseSchema,
    signal,
    baseUrl,
  });
}
