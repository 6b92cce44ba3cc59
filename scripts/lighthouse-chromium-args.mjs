/**
 * The flags of the Chromium that `npm run lighthouse` and `npm run lighthouse:console` measure with.
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
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
  ];
}
