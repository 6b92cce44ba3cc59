import { createContext, useContext } from 'react';
import { API_BASE_URL } from './config.ts';

/**
 * Where this screen's gateway-shaped calls go. A checkout session sets `/api/pay/{session}` (the server
 * checks every call against that session); without one — the designer preview, the merchants' fee
 * simulator — it is the build's `/api`. A React context rather than a module global: the base belongs
 * to the session on screen, and tests or a second checkout can set their own.
 */
export const GatewayBaseContext = createContext<string>(API_BASE_URL);

export function useGatewayBase(): string {
  return useContext(GatewayBaseContext);
}
