/** Where an e2e run puts its builds, per port (e2e-layout.mjs). */
export function mockBuildDir(checkoutPort: number): string;
export const STATIC_FOLDER: string;
export function staticHostRoot(staticHostPort: number): string;
export function serverBuildDir(serverPort: number): string;
export function portFromEnv(name: string): number;
