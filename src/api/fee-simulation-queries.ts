import { queryOptions } from '@tanstack/react-query';
import { simulateFees } from './fee-simulation.ts';
import type { FeeSimulationRequest } from '../../contract/gateway/fee-simulation.ts';

/** Fees for the same inputs do not change within a session: one request per inputs, reused everywhere. */
const FEE_SIMULATION_STALE_MS = 10 * 60 * 1000;

/**
 * One query per exact request, so the simulator's result, its 1–12 comparison and the checkout's
 * installment labels share answers instead of asking again.
 */
export function feeSimulationQueryOptions(baseUrl: string, request: FeeSimulationRequest) {
  return queryOptions({
    queryKey: [
      'fee-simulation',
      baseUrl,
      request.brand,
      request.installments,
      request.amount,
      request.fee_responsible,
    ] as const,
    queryFn: ({ signal }) =>
      simulateFees(
        baseUrl,
        {
          brand: request.brand,
          installments: request.installments,
          amount: request.amount,
          fee_responsible: request.fee_responsible,
        },
        signal,
      ),
    staleTime: FEE_SIMULATION_STALE_MS,
    retry: 1,
  });
}
