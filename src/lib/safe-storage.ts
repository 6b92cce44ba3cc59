/**
 * The tab's `sessionStorage`, or undefined where the browser refuses it. In a cross-site iframe with
 * third-party storage blocked (Chromium's default in incognito, Brave, Safari), merely reading
 * `window.sessionStorage` throws "Access is denied", so the property itself is read inside the try.
 * The one way src/ reaches browser storage (ESLint forbids the globals elsewhere).
 */
export function tabStorage(win: Pick<Window, 'sessionStorage'> = window): Storage | undefined {
  try {
    const storage = win.sessionStorage;
    // Some browsers hand out the object and throw only on use.
    storage.getItem('checkout:probe');
    return storage;
  } catch {
    return undefined;
  }
}
