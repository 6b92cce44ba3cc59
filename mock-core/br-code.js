/** CRC16/CCITT-FALSE, the checksum of the BR Code's field 63. */
export function crc16(payload) {
    let crc = 0xffff;
    for (const byte of new TextEncoder().encode(payload)) {
        crc ^= byte << 8;
        for (let bit = 0; bit < 8; bit++) {
            crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
        }
    }
    return crc.toString(16).toUpperCase().padStart(4, '0');
}
/** BR Code names are plain upper-case ASCII: "São Paulo" → "SAO PAULO". */
function emvText(value, max) {
    return value
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^\x20-\x7e]/g, '')
        .toUpperCase()
        .slice(0, max);
}
function field(id, value) {
    return `${id}${value.length.toString().padStart(2, '0')}${value}`;
}
/** A static-format EMV BR Code ("PIX copia e cola") as a bank app would read it. */
export function buildBrCode(input) {
    const account = field('00', 'br.gov.bcb.pix') + field('01', input.pixKey);
    const payload = field('00', '01') +
        field('01', '12') +
        field('26', account) +
        field('52', '0000') +
        field('53', '986') +
        field('54', (input.amountCents / 100).toFixed(2)) +
        field('58', 'BR') +
        field('59', emvText(input.merchantName, 25)) +
        field('60', emvText(input.merchantCity, 15)) +
        // The txid of a static code is at most 25 letters and digits.
        field('62', field('05', input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***')) +
        '6304';
    return payload + crc16(payload);
}
