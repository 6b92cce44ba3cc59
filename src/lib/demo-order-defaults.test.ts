import { describe, expect, it } from 'vitest';
import { withDemoOrderDefaults } from './demo-order-defaults.ts';
import { DEMO_ORDER, orderFromSearchParams } from './order-config.ts';

const orderOf = (query: string) => orderFromSearchParams(withDemoOrderDefaults(new URLSearchParams(query)));

describe('a preview link that names part of an order', () => {
  it.each(['methods=pix', 'threeds=required', 'fees=customer'])(
    '?%s takes the demo amount and item',
    (query) => {
      const result = orderOf(query);
      if (result.ok !== true) throw new Error(`not an order: ${JSON.stringify(result)}`);
      expect(result.order.amount).toBe(DEMO_ORDER.amount);
      expect(result.order.items[0]?.title).toBe(DEMO_ORDER.items[0]?.title);
      expect(result.order.descriptor).toBe(DEMO_ORDER.descriptor);
    },
  );

  it('keeps what the link says', () => {
    const result = orderOf('methods=pix&threeds=required&fees=customer&description=Fone');
    if (result.ok !== true) throw new Error('not an order');
    expect(result.order).toMatchObject({ methods: ['pix'], threeDS: 'required', feesPaidBy: 'customer' });
    expect(result.order.items[0]?.title).toBe('Fone');
  });

  it('leaves a link with its own amount as a shop wrote it, and a broken value still named', () => {
    const own = orderOf('amount=2500');
    if (own.ok !== true) throw new Error('not an order');
    expect(own.order.items[0]?.title).toBe('Pedido');
    expect(own.order.descriptor).toBeUndefined();
    expect(orderOf('installments=40')).toEqual({ ok: false, problems: ['installments'] });
  });
});
