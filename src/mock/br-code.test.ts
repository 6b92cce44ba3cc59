import { describe, expect, it } from 'vitest';
import { buildBrCode, crc16 } from './br-code.ts';

describe('BR Code', () => {
  it('uses CRC16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('builds EMV fields with lengths, the amount and a valid checksum', () => {
    const code = buildBrCode({
      pixKey: 'key-1',
      amountCents: 15090,
      merchantName: 'LOJA EXEMPLO',
      merchantCity: 'SAO PAULO',
      txid: 'TX1',
    });
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).toContain('0014br.gov.bcb.pix0105key-1');
    expect(code).toContain('53039865406150.905802BR');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
  });
});
