import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';

/**
 * The link's URL as a standalone SVG document, drawn by the library the PIX code uses (qrcode.react):
 * black on white, a 4-module quiet zone and error correction M, which every phone camera reads — also
 * printed small (the A6 sheet: payment-links/link-page.ts). Rendered on the server, so the checkout's
 * first load carries none of it.
 */
export function linkQrSvg(url: string, label: string): string {
  return renderToStaticMarkup(
    createElement(QRCodeSVG, {
      value: url,
      size: 256,
      level: 'M',
      marginSize: 4,
      bgColor: '#ffffff',
      fgColor: '#000000',
      role: 'img',
      'aria-label': label,
      xmlns: 'http://www.w3.org/2000/svg',
    }),
  );
}
