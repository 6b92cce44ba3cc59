/**
 * JSON the server wrote into the page as `<script type="application/json" id="…">`: data, never code
 * (the CSP runs no inline script), and read without a round trip. Anything else — no element, another
 * type, unreadable JSON — is `undefined`: the caller falls back to asking the server.
 */
export function readServedJson(id: string, doc: Pick<Document, 'getElementById'> = document): unknown {
  const element = doc.getElementById(id);
  if (element?.getAttribute('type') !== 'application/json') return undefined;
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}
