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
    it('is a well-formed TLV list a bank app can read: ASCII names, bounded txid, CRC last', () => {
        const code = buildBrCode({
            pixKey: '3b1e1c2a-6f0e-4c8e-9a57-2a7f3c1d9e40',
            amountCents: 100,
            merchantName: 'Loja São João de Açúcar e Café Ltda',
            merchantCity: 'São Paulo',
            txid: 'E-1234567890-1001-with-extra-characters',
        });
        const fields = new Map();
        let rest = code;
        while (rest.length > 0) {
            const id = rest.slice(0, 2);
            const length = Number(rest.slice(2, 4));
            fields.set(id, rest.slice(4, 4 + length));
            rest = rest.slice(4 + length);
        }
        expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
        expect(fields.get('54')).toBe('1.00');
        expect(fields.get('59')).toBe('LOJA SAO JOAO DE ACUCAR E');
        expect(fields.get('60')).toBe('SAO PAULO');
        expect(fields.get('62')).toBe('0525E12345678901001withextrac');
        expect(fields.get('63')).toBe(crc16(code.slice(0, -4)));
        expect(code).toMatch(/^[\x20-\x7e]+$/);
    });
});
