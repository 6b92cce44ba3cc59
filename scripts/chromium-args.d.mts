/** The flags of the headless Chromium the e2e tests and Lighthouse drive (chromium-args.mjs). */
export const QUIET_CHROMIUM_ARGS: readonly string[];
export function lighthouseChromiumArgs(debugPort: number): string[];
