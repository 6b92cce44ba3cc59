/**
 * The flags of the headless Chromium this project drives: the e2e tests (playwright.config.ts) and Lighthouse
 * (`npm run lighthouse`, `npm run lighthouse:console`). Nothing in the background that the tests did not ask for:
 * no networking of its own, no component updates, no sync, no first-run pages.
 */
export const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Lighthouse's: the quiet flags, its debugging port, and no omnibox popup page.
 *
 * Chromium's headless mode runs the whole browser, and its address bar's suggestion popup is a web page of its own
 * (chrome://omnibox-popup, "WebUI Top Renderer" in a trace). In a trace of a console run, that renderer spent more
 * CPU (1.4 s) than the measured page's own (0.7 s), on a machine of two cores: the page's tasks took longer, and
 * Lighthouse multiplies them by four. Without it the measured page has the machine to itself, as in the
 * browser-UI-less headless shell Playwright and Lighthouse CI use by default; nothing the page does changes.
 */
export function lighthouseChromiumArgs(debugPort) {
  return [
    `--remote-debugging-port=${debugPort}`,
    ...QUIET_CHROMIUM_ARGS,
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
  ];
}
