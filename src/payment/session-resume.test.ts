import { describe, expect, it } from 'vitest';
import type { PublicSession } from '../../contract/checkout-session.ts';
import { resumeOf } from './session-resume.ts';
import { transaction } from '../lib/session-test-data.ts';

type Payment = NonNullable<PublicSession['payment']>;

const open = (payment: Payment | null): Pick<PublicSession, 'status' | 'payment'> => ({
  status: 'open',
  payment,
});

const bankUrl = { threeDSecure: { url: 'https://acs.bank.example/challenge?token=1' } };

describe('what a session page shows on load', () => {
  it('the form when nothing was attempted, or the server knows the attempt charged nothing', () => {
    expect(resumeOf(open(null))).toEqual({ kind: 'form' });
    for (const status of ['rejected', 'failed', 'failed_unknown']) {
      expect(resumeOf(open({ status, payment_method: 'credit_card', transaction: null }))).toEqual({
        kind: 'form',
      });
    }
  });

  it('the same PIX code while it is open (and its outcome once settled)', () => {
    const pix = transaction({ status: 'waiting_payment', payment_method: 'pix' });
    expect(resumeOf(open({ status: 'waiting_payment', payment_method: 'pix', transaction: pix }))).toEqual({
      kind: 'pix',
      transaction: pix,
    });
  });

  it('the way back to the bank for a pending 3DS payment, but not when the bank just sent the shopper back', () => {
    const pending = transaction({ status: 'processing', payment_method: 'credit_card', ...bankUrl });
    const payment: Payment = { status: 'processing', payment_method: 'credit_card', transaction: pending };
    expect(resumeOf(open(payment))).toEqual({ kind: 'three-ds', transaction: pending });
    expect(resumeOf(open(payment), { returningFromBank: true })).toMatchObject({
      kind: 'card',
      transaction: pending,
    });
  });

  it('a card payment’s result or progress', () => {
    for (const status of ['paid', 'authorized', 'refused', 'processing']) {
      const card = transaction({ status, payment_method: 'credit_card' });
      expect(resumeOf(open({ status, payment_method: 'credit_card', transaction: card }))).toMatchObject({
        kind: 'card',
        transaction: card,
      });
    }
    // A settled 3DS payment is a result, not a trip to the bank.
    const authorised = transaction({ status: 'authorized', payment_method: 'credit_card', ...bankUrl });
    expect(
      resumeOf(open({ status: 'authorized', payment_method: 'credit_card', transaction: authorised })).kind,
    ).toBe('card');
  });

  it('"may have gone through" while nobody knows the outcome', () => {
    for (const status of ['sending', 'unknown', 'something_new']) {
      expect(resumeOf(open({ status, payment_method: 'credit_card', transaction: null }))).toEqual({
        kind: 'unknown',
      });
    }
  });

  it('expired and completed sessions', () => {
    expect(resumeOf({ status: 'expired', payment: null })).toEqual({ kind: 'expired' });
    expect(resumeOf({ status: 'complete', payment: null })).toEqual({ kind: 'paid' });
    const paid = transaction({ status: 'paid', payment_method: 'credit_card' });
    expect(
      resumeOf({
        status: 'complete',
        payment: { status: 'paid', payment_method: 'credit_card', transaction: paid },
      }),
    ).toMatchObject({ kind: 'card', transaction: paid });
  });

  it('a declined or cancelled card payment brings back what it sent, never card data', () => {
    const declined = transaction({
      status: 'canceled',
      payment_method: 'credit_card',
      installments: 3,
      card: { card_holder_name: 'ANA SILVA', card_first_digits: '411111', card_last_digits: '1111' },
      billing: {
        name: 'Ana Silva',
        address: {
          zipcode: '01310100',
          street: 'Avenida Paulista',
          street_number: '1000',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
          country: 'br',
        },
      },
      customer: {
        name: 'Ana Silva',
        email: 'ana@example.com',
        phone_numbers: ['+5511987654321'],
        documents: [{ type: 'cpf', number: '52998224725' }],
      },
    });
    const resume = resumeOf(
      open({ status: 'canceled', payment_method: 'credit_card', transaction: declined }),
    );
    expect(resume.kind === 'card' ? resume.restored : undefined).toEqual({
      billingName: 'Ana Silva',
      zipcode: '01310-100',
      street: 'Avenida Paulista',
      streetNumber: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      customerName: 'Ana Silva',
      email: 'ana@example.com',
      phone: '(11) 98765-4321',
      taxId: '529.982.247-25',
      holderName: 'ANA SILVA',
      installments: '3',
    });
  });
});
