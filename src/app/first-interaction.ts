// Not focus: screens focus their own headings on load, which is no sign of a shopper about to type.
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/**
 * Runs `run` once, on the first tap, click or key: work a shopper needs only once they act, which a
 * page that is only looked at (or measured) never pays for. Returns the way to stop waiting.
 */
export function onFirstInteraction(run: () => void): () => void {
  const once = () => {
    stop();
    run();
  };
  const stop = () => {
    for (const type of FIRST_INTERACTION) document.removeEventListener(type, once, true);
  };
  for (const type of FIRST_INTERACTION)
    document.addEventListener(type, once, { capture: true, passive: true });
  return stop;
}
