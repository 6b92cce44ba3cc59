/**
 * WCAG 2.x contrast, for a shop's colour behind white text (buttons) and as text on white (links). A
 * colour below AA (4.5:1 against white) is darkened step by step, keeping its hue, until it passes: the
 * shop keeps its colour family, the shopper can still read every button.
 */
const AA = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hexOf = (rgb: readonly number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast of `hex` with white, 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** `hex` itself when it passes AA against white; otherwise the lightest darker shade of it that does. */
export function readableOnWhite(hex: string): string {
  const colour = hex.toLowerCase();
  if (contrastWithWhite(colour) >= AA) return colour;
  const rgb = rgbOf(colour);
  for (let scale = 0.99; scale > 0; scale -= 0.01) {
    const darker = hexOf(rgb.map((c) => c * scale));
    if (contrastWithWhite(darker) >= AA) return darker;
  }
  return '#000000';
}
