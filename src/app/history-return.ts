/**
 * How this page came to be shown, for a session page that must show where its payment stands.
 *
 * The session JSON in the HTML is as the server made it; a page shown again through history (Back,
 * Forward: Chrome takes the HTML from its cache without asking, whatever `no-cache` says) or reloaded
 * after the browser discarded the tab may carry a session from before the payment began. Such a page
 * asks the server afresh instead of painting the blank form.
 */
export function shownFromHistory(
  doc: Partial<Record<'wasDiscarded', unknown>> & object = document,
  timing: Pick<Performance, 'getEntriesByType'> = performance,
): boolean {
  // Chromium's Page Lifecycle flag, not in TypeScript's DOM types: a tab reloaded after being discarded.
  if (doc.wasDiscarded === true) return true;
  const [entry] = timing.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward';
}
