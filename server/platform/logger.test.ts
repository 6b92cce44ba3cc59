import { describe, expect, it } from 'vitest';
import { createLogger, newOwnId, type OwnId } from './logger.ts';

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

  it('writes own ids as they are and redacts the same text given as a field', () => {
    const digits = '12345678-1234-4123-8123-123456789012' as OwnId;
    const lines = linesOf((log) => {
      log.child({}, { request_id: digits }).info('own');
      log.child({ request_id: digits }).info('given');
    });
    const [own, given] = lines.map((line) => (JSON.parse(line) as { request_id: string }).request_id);
    expect(own).toBe(digits);
    expect(given).toMatch(/^••••4123-/);
    expect(newOwnId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("redacts a child's fields and its parents' on every line, even when read after child()", () => {
    const lines = linesOf((log) => {
      const parent = log.child({ note: 'card 4111 1111 1111 1111' });
      const child = parent.child({ cvv: '7391', attempt: 'att_1' }, { request_id: newOwnId() });
      child.debug('first');
      child.info('second', { nested: { card: '4111.1111.1111.1111' } });
      parent.warn('third');
    });
    expect(lines).toHaveLength(3);
    const text = lines.join('\n');
    expect(text.replace(/\D/g, ' ')).not.toMatch(/4111\s*1111/);
    expect(text).not.toContain('7391');
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({ attempt: 'att_1', cvv: '•••', note: 'card ••••1111' });
  });

  it('writes nothing below its level, and keeps the order of a line: time, level, msg, fields', () => {
    const lines: string[] = [];
    const log = createLogger('info', { service: 'checkout' }, (line) => lines.push(line));
    const child = log.child({ sessionId: 'cs_1' });
    child.debug('hidden', { amount: 1 });
    child.info('shown', { sessionId: 'cs_2', status: 'paid' });
    expect(lines).toHaveLength(1);
    expect(Object.keys(JSON.parse(lines[0] ?? '') as object)).toEqual([
      'time',
      'level',
      'msg',
      'service',
      'sessionId',
      'status',
    ]);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ sessionId: 'cs_2' });
  });
});
