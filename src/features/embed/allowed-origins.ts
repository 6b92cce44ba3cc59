/** The app's own origin may always embed it (e.g. a merchant page served by the same host). */
export function isAllowedOrigin(origin: string, allowed: readonly string[], ownOrigin: string): boolean {
  return origin === ownOrigin || allowed.includes(origin);
}
