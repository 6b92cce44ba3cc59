import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/spinner.tsx';

// Kept out of the checkout's first chunk: most shoppers pay by card and never need the QR encoder.
const PixQrImage = lazy(() =>
  import('./pix-qr-image.tsx').then((module) => ({ default: module.PixQrImage })),
);

export function PixQrCode({
  value,
  label,
  loadingLabel,
}: {
  value: string;
  label: string;
  loadingLabel: string;
}) {
  return (
    <div className="pix-qr">
      <Suspense fallback={<Spinner label={loadingLabel} />}>
        <PixQrImage value={value} label={label} />
      </Suspense>
    </div>
  );
}
