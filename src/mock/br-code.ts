/** CRC16/CCITT-FALSE, the checksum of the BR Code's field 63. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  return `${id}${value.length.toString().padStart(2, '0')}${value}`;
}

export interface BrCodeInput {
  pixKey: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  txid: string;
}

/** A static-format EMV BR Code ("PIX copia e cola") as a bank app would read it. */
export function buildBrCode(input: BrCodeInput): string {
  const account = field('00', 'br.gov.bcb.pix') + field('01', input.pixKey);
  const payload =
    field('00', '01') +
    field('01', '12') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (input.amountCents / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', input.merchantName.slice(0, 25)) +
    field('60', input.merchantCity.slice(0, 15)) +
    field('62', field('05', input.txid.slice(0, 25))) +
    '6304';
  return payload + crc16(payload);
}
