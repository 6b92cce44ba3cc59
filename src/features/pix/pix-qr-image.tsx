import { QRCodeSVG } from 'qrcode.react';

interface PixQrImageProps {
  value: string;
  label: string;
}

/**
 * Loaded lazily (pix-qr-code.tsx): the QR encoder is only needed once a code exists. The quiet zone
 * (4 modules) and black on white keep it readable by every bank app's camera.
 */
export function PixQrImage({ value, label }: PixQrImageProps) {
  return (
    <QRCodeSVG
      value={value}
      size={256}
      level="M"
      marginSize={4}
      bgColor="#ffffff"
      fgColor="#000000"
      role="img"
      aria-label={label}
      className="pix-qr__image"
    />
  );
}
