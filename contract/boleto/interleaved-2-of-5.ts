/**
 * Interleaved 2 of 5, the symbology of the boleto's 44-digit barcode (FEBRABAN): pure and DOM-free, so the
 * checkout draws it as SVG and the mock gateway's PDF draws the same bars. Each pair of digits is five bars
 * (the first digit) interleaved with five spaces (the second), two of each five wide; a start and a stop
 * pattern frame them. Boletos print wide elements three times the narrow one.
 */

/** Narrow (n) and wide (w) elements of each digit. */
const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];
export const WIDE = 3;

export interface Bar {
  /** From the left edge, in narrow-element units. */
  x: number;
  width: number;
}

/** The bars of an even-length digit string, and the total width, in narrow units. */
export function interleaved2of5(digits: string): { bars: Bar[]; width: number } {
  if (!/^(\d\d)+$/.test(digits)) throw new RangeError('Interleaved 2 of 5 needs an even number of digits');
  // Elements alternate bar, space, bar…: start (4 narrow), the pairs, stop (wide bar, narrow space, narrow bar).
  const elements: number[] = [1, 1, 1, 1];
  for (let index = 0; index < digits.length; index += 2) {
    const bars = PATTERNS[Number(digits[index])] ?? '';
    const spaces = PATTERNS[Number(digits[index + 1])] ?? '';
    for (let k = 0; k < 5; k += 1) elements.push(bars[k] === 'w' ? WIDE : 1, spaces[k] === 'w' ? WIDE : 1);
  }
  elements.push(WIDE, 1, 1);
  const bars: Bar[] = [];
  let x = 0;
  elements.forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { bars, width: x };
}
