import type { PaletteImage } from './png-image.ts';

/**
 * A 5×7 pixel font, capitals, digits and the signs of a price: enough to write a shop's name, a title and
 * "R$ 45,00" on a link's preview image without a font file or a renderer. Each glyph is 7 rows of 5 bits.
 */
const GLYPHS: Record<string, readonly number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  $: [4, 15, 20, 14, 5, 30, 4],
  ',': [0, 0, 0, 0, 12, 4, 8],
  '.': [0, 0, 0, 0, 0, 12, 12],
  '-': [0, 0, 0, 31, 0, 0, 0],
  "'": [4, 4, 8, 0, 0, 0, 0],
  '&': [12, 18, 20, 8, 21, 18, 13],
  '!': [4, 4, 4, 4, 4, 0, 4],
  '?': [14, 17, 1, 2, 4, 0, 4],
  '/': [0, 1, 2, 4, 8, 16, 0],
  '(': [2, 4, 8, 8, 8, 4, 2],
  ')': [8, 4, 2, 2, 2, 4, 8],
  '+': [0, 4, 4, 31, 4, 4, 0],
  ':': [0, 12, 12, 0, 12, 12, 0],
  '%': [24, 25, 2, 4, 8, 19, 3],
  '#': [10, 10, 31, 10, 31, 10, 10],
  '×': [0, 17, 10, 4, 10, 17, 0],
  ' ': [0, 0, 0, 0, 0, 0, 0],
};

/** Capitals without accents ("Pão de Mel" → "PAO DE MEL"); a sign the font lacks becomes a space. */
export function fontText(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toUpperCase()
      // Anything the font cannot draw (emoji included, whatever its code points) becomes a space.
      .replace(/[^]/gu, (char) => (GLYPHS[char] ? char : ' '))
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Width in pixels of `text` (already fontText) at `scale`: 5 columns and 1 of spacing a character. */
export function textWidth(text: string, scale: number): number {
  return text.length === 0 ? 0 : (text.length * 6 - 1) * scale;
}

/** The longest start of `text` that fits `width`, with "..." when cut. */
export function fitText(text: string, scale: number, width: number): string {
  if (textWidth(text, scale) <= width) return text;
  let cut = text;
  while (cut.length > 0 && textWidth(`${cut}...`, scale) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

export function drawText(
  image: PaletteImage,
  text: string,
  x: number,
  y: number,
  scale: number,
  colour: number,
): void {
  // `text` went through fontText: one UTF-16 unit a glyph (× included).
  Array.from({ length: text.length }, (_, at) => text.charAt(at)).forEach((char, index) => {
    const rows = GLYPHS[char] ?? [];
    rows.forEach((bits, row) => {
      for (let column = 0; column < 5; column++) {
        if (bits & (16 >> column))
          image.fill(x + (index * 6 + column) * scale, y + row * scale, scale, scale, colour);
      }
    });
  });
}
