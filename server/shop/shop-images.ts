import { readableOnWhite } from './brand-color.ts';
import { drawText, fitText, fontText, textWidth } from './pixel-font.ts';
import { PaletteImage } from './png-image.ts';

/** The checkout's own green (src/app/styles.css `--primary`), when the shop chose no colour. */
export const DEFAULT_BRAND_COLOR = '#0f5132';

/** Open Graph's recommended size: WhatsApp, Facebook, LinkedIn and X show it as a large card. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
const MARGIN = 80;

/** `text` in lines of at most `width` pixels (words kept whole), the last one cut with "..." past `maxLines`. */
export function wrapText(text: string, scale: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, scale) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines).map((each) => fitText(each, scale, width));
  const last = kept.at(-1);
  if (lines.length > maxLines && last !== undefined && !last.endsWith('...')) {
    let cut = last;
    while (cut.length > 0 && textWidth(`${cut}...`, scale) > width) cut = cut.slice(0, -1);
    kept[kept.length - 1] = `${cut.trimEnd()}...`;
  }
  return kept;
}

/**
 * A link's preview card (PNG, 1200×630): the shop's name, the link's title and its price in white on the shop's
 * colour (made readable: white on it passes AA). What a chat app shows when the link is pasted.
 */
export function linkPreviewPng(input: {
  shopName: string;
  title: string;
  price: string;
  colour?: string | undefined;
}): Buffer {
  const image = new PaletteImage(PREVIEW_WIDTH, PREVIEW_HEIGHT, [
    readableOnWhite(input.colour ?? DEFAULT_BRAND_COLOR),
    '#ffffff',
  ]);
  const width = PREVIEW_WIDTH - 2 * MARGIN;
  drawText(image, fitText(fontText(input.shopName), 6, width), MARGIN, MARGIN, 6, 1);
  image.fill(MARGIN, MARGIN + 42 + 24, 120, 6, 1);
  wrapText(fontText(input.title), 10, width, 2).forEach((line, index) => {
    drawText(image, line, MARGIN, 200 + index * 100, 10, 1);
  });
  const price = fontText(input.price);
  const scale = textWidth(price, 16) <= width ? 16 : 8;
  drawText(image, fitText(price, scale, width), MARGIN, PREVIEW_HEIGHT - MARGIN - 7 * scale, scale, 1);
  return image.png();
}

/** The shop's icon when it has no logo: its initial in white on its colour, 64×64. */
export function initialIconPng(shopName: string | undefined, colour: string | undefined): Buffer {
  const image = new PaletteImage(64, 64, [readableOnWhite(colour ?? DEFAULT_BRAND_COLOR), '#ffffff']);
  const initial = fontText(shopName ?? '').charAt(0);
  if (initial && initial !== ' ') drawText(image, initial, 17, 11, 6, 1);
  return image.png();
}
