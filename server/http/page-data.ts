import { CONFIG_ELEMENT_ID, SESSION_ELEMENT_ID, type PageConfig } from '../../contract/page-data.ts';
import type { PublicSession } from '../../contract/checkout-session.ts';

/**
 * JSON that is safe inside a `<script>` element: `<` and `>` cannot close it or open a comment, `&`
 * cannot start a character reference, and U+2028/2029 cannot break a consumer that treats it as
 * JavaScript. `JSON.parse` reads the escapes back to the same characters.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function dataBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${jsonForHtml(value)}</script>`;
}

export interface PageData {
  config: PageConfig;
  /** Absent: the page is not a session's. `null`: it names a session the server does not know. */
  session?: PublicSession | null;
}

/** Puts the data blocks at the end of `<head>`, before the app's module script runs. */
export function injectPageData(html: string, data: PageData): string {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('index.html has no </head> to put the page data before');
  const blocks = [dataBlock(CONFIG_ELEMENT_ID, data.config)];
  if (data.session !== undefined) blocks.push(dataBlock(SESSION_ELEMENT_ID, data.session));
  return `${html.slice(0, at)}${blocks.join('')}${html.slice(at)}`;
}
