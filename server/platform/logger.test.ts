import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function linesOf(work: (log: ReturnType<typeof createLogger>) => void): string[] {
  const lines: string[] = [];
  work(createLogger('debug', {}, (line) => lines.push(line)));
  return lines;
}

describe('log lines', () => {
  it('keeps a 13-digit transaction id as it is', () => {
    const [line] = linesOf((log) =>
      log
        .child({ attemptId: 'att_1' })
        .info('payment answered', { transactionId: 1234567894617, status: 'paid' }),
    );
    expect(JSON.parse(line ?? '')).toMatchObject({
      transactionId: 1234567894617,
      attemptId: 'att_1',
      status: 'paid',
    });
  });

  it('never holds a card number, a CVV or a bearer token, in any field, key or message', () => {
    const lines = linesOf((log) => {
      log.child({ note: 'card 4111 1111 1111 1111' }).warn('gateway said 4111-1111-1111-1111 cvv: 7391', {
        card_cvv: '7391',
        cvv: 7391,
        nested: { text: ['4111_1111_1111_1111'], authorization: 'Bearer sk_live_abcdef' },
        '4111111111111111': true,
        big: 4111111111111111,
      });
    });
    const text = lines.join('\n');
    expect(text.replace(/\D/g, ' ')).not.toMatch(/4111\s*1111/);
    expect(text).not.toContain('7391');
    expect(text).not.toContain('sk_live_abcdef');
    expect(text).toContain('••••1111');
  });
});
