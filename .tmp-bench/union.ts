import { transactionRequestSchema, cardTransactionRequestSchema } from '../contract/gateway/transaction-request.ts';
import { approvedCardPayment } from '../scripts/approved-card-payment.mjs';
const body = approvedCardPayment({ title: 'Tênis', unit_price: 15090, quantity: 1, tangible: true });
function time(name: string, f: () => unknown) {
  for (let i = 0; i < 20000; i++) f();
  const t = process.cpuUsage();
  const N = 50000;
  for (let i = 0; i < N; i++) f();
  const d = process.cpuUsage(t);
  console.log(name, ((d.user + d.system) / N).toFixed(1), 'µs');
}
time('union', () => transactionRequestSchema.safeParse(body));
time('card only', () => cardTransactionRequestSchema.safeParse(body));
