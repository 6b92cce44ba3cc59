import { QRCodeSVG } from 'qrcode.react';

/** Loaded lazily: only a hybrid boleto (one that carries a PIX payload) needs the QR encoder. */
export function BoletoQrImage({ value, label }: { value: string; label: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={200}
      level="M"
      marginSize={4}
      bgColor="#ffffff"
      fgColor="#000000"
      role="img"
      aria-label={label}
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    />
  );
}
