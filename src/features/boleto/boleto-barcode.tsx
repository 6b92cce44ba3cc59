import { interleaved2of5 } from '../../../contract/boleto/interleaved-2-of-5.ts';

/**
 * The boleto's 44-digit barcode, Interleaved 2 of 5, drawn as SVG (a dozen lines: no library pays for its
 * bytes). One image with a text alternative that says the number: a screen reader user copies the line
 * instead, which the page offers first.
 */
export function BoletoBarcode({ barcode, label }: { barcode: string; label: string }) {
  const { bars, width } = interleaved2of5(barcode);
  // A quiet zone of ten narrow units each side, as bank scanners need.
  const quiet = 10;
  return (
    <svg
      width="100%"
      height="56"
      style={{ display: 'block', maxWidth: '28rem', margin: '1rem 0' }}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width + 2 * quiet} 50`}
      preserveAspectRatio="none"
    >
      <rect width={width + 2 * quiet} height="50" fill="#fff" />
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x + quiet} width={bar.width} height="50" fill="#000" />
      ))}
    </svg>
  );
}
