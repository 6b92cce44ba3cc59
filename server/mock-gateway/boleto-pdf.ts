import type { Transaction } from '../../contract/gateway/transaction.ts';
import { barcodeOfLine, formatDigitableLine, onlyDigits } from '../../contract/boleto/check-digits.ts';
import { interleaved2of5 } from '../../contract/boleto/interleaved-2-of-5.ts';

/** PDF text: Latin-1 only (the standard fonts' encoding), parentheses and backslashes escaped. */
function pdfText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (char) => `\\${char}`);
}

function money(cents: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

/**
 * The mock's printable boleto: one A4 page with the bank line, the amount, the due date, the payer and the
 * Interleaved 2 of 5 barcode, marked as a test document — enough for "Download PDF" to open a real file.
 * Written by hand (a dozen PDF objects): the mock needs no PDF library.
 */
export function boletoPdf(transaction: Transaction): Uint8Array {
  const line = onlyDigits(transaction.boleto_barcode ?? '');
  const barcode = line.length === 47 ? barcodeOfLine(line) : line;
  const texts: [number, number, number, string][] = [
    [40, 790, 16, 'BOLETO DE TESTE - mock gateway, nao pague'],
    [40, 760, 12, `237-2  ${line.length === 47 ? formatDigitableLine(line) : line}`],
    [40, 730, 12, `Vencimento: ${transaction.boleto_expiration_date ?? ''}`],
    [40, 712, 12, `Valor: ${money(transaction.amount)}`],
    [40, 694, 12, `Pagador: ${transaction.customer?.name ?? ''}`],
    [40, 676, 12, `Transacao: ${transaction.id}`],
  ];
  const ops = texts.map(([x, y, size, text]) => `BT /F1 ${size} Tf ${x} ${y} Td (${pdfText(text)}) Tj ET`);
  if (/^\d{44}$/.test(barcode)) {
    const { bars } = interleaved2of5(barcode);
    // 0.9 pt per narrow element: the 44-digit code is about 380 pt wide, 50 pt high.
    for (const bar of bars)
      ops.push(`${(40 + bar.x * 0.9).toFixed(2)} 600 ${(bar.width * 0.9).toFixed(2)} 50 re f`);
  }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
