import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the server's production bundle (main.js), built once for the run. */
    serverBundle: string;
  }
}

/**
 * The arguments that start the server as `npm run serve` does — its production bundle, built once for the run
 * by scripts/vitest-global-setup.ts — followed by the command's own (`--api-only`, `console:add-user …`).
 */
export function serverProcessArgs(...args: string[]): string[] {
  return ['--enable-source-maps', join(inject('serverBundle'), 'main.js'), ...args];
}
