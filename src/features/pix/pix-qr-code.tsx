import { Suspense } from 'react';
import { lazyComponent } from '../../ui/lazy-component.ts';
import { Spinner } from '../../ui/spinner.tsx';

// Kept out of the checkout's first chunk: most shoppers pay by card and never need the QR encoder.
const PixQrImage = lazyComponent(() => import('./pix-qr-image.tsx').then((module) => module.PixQrImage));

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
