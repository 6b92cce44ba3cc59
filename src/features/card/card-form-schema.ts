import cardValidator from 'card-validator';
import * as z from 'zod/mini';
import { receiptEmailSchema } from '../../../contract/receipt-email.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import {
  billingAddressFormShape,
  requiredText as required,
  uncheckedBillingAddressShape,
} from '../../shopper/billing-address-form.ts';
import type { CustomerFormValues } from '../../shopper/customer.ts';
import { customerFormShape } from '../../shopper/customer-form.ts';
import { detectBrand } from './card-brand.ts';
import { checkExpiry, type ExpiryProblem } from './expiry.ts';

const EXPIRY_MESSAGE: Record<ExpiryProblem, MessageKey> = {
  format: 'card.error.expiryFormat',
  month: 'card.error.expiryMonth',
  past: 'card.error.expiryPast',
  'too-far': 'card.error.expiryFar',
};

/**
 * Without 3DS the shopper's own details are not asked for, so they are not checked either — but for the
 * optional e-mail for the receipt (receipt-email.tsx): empty, or one address as the server takes it.
 */
const UNCHECKED_CUSTOMER = {
  customerName: z.string(),
  email: z.string().check(
    z.trim(),
    z.refine(
      (value) => value === '' || receiptEmailSchema.safeParse(value).success,
      'customer.error.emailInvalid',
    ),
  ),
  taxId: z.string(),
  phone: z.string(),
};

interface CardFormOptions {
  /** 3DS form of spec 2.1: the `customer` object is required, so its fields are validated. */
  withCustomer?: boolean;
  /** False when paying with a saved card: its number, name, expiry and CVV are not asked for. */
  withCard?: boolean;
  /** False on the "save a card" page: only the card is asked for (no billing address, no installments). */
  withBilling?: boolean;
  /** With the customer: the session asks the phone (`collect.phone`), so it is required. */
  withPhone?: boolean;
}

/** Fields a variant of the form does not show are not checked either. */
const unchecked = z.string();
const uncheckedBilling = { installments: unchecked, ...uncheckedBillingAddressShape };

export function cardFormSchema(
  now: () => Date = () => new Date(),
  { withCustomer = false, withCard = true, withBilling = true, withPhone = false }: CardFormOptions = {},
) {
  const customer: Record<keyof CustomerFormValues, z.ZodMiniType<string, string>> = withCustomer
    ? customerFormShape(withPhone)
    : UNCHECKED_CUSTOMER;
  const card = {
    cardNumber: required('card.error.numberRequired').check(
      z.refine((value) => cardValidator.number(value.replace(/\s/g, '')).isValid, 'card.error.numberInvalid'),
    ),
    holderName: required('card.error.nameRequired').check(
      z.regex(/^[\p{L}][\p{L} .'-]{1,63}$/u, 'card.error.nameInvalid'),
    ),
    expiry: required('card.error.expiryRequired').check(
      z.superRefine((value, ctx) => {
        const problem = checkExpiry(value, now());
        if (problem) ctx.issues.push({ code: 'custom', message: EXPIRY_MESSAGE[problem], input: value });
      }),
    ),
    // Its length is checked below, against the brand, so the error says what the hint says.
    cvv: required('card.error.cvvRequired').check(z.regex(/^\d+$/, 'card.error.cvvInvalid')),
  };
  const billing = {
    installments: z.string().check(z.regex(/^\d{1,2}$/, 'card.error.installments')),
    ...billingAddressFormShape,
  };
  return z
    .object({
      ...(withCard
        ? card
        : { cardNumber: unchecked, holderName: unchecked, expiry: unchecked, cvv: unchecked }),
      ...(withBilling ? billing : uncheckedBilling),
      ...customer,
    })
    .check(
      // The CVV's length depends on the brand (Amex: 4), known only from the card number; until the number
      // names one, 3 or 4 digits are accepted and the message matches the hint ("3 digits on the back").
      // Runs even when other fields failed, so the CVV's problem shows with the rest.
      z.superRefine(
        (values, ctx) => {
          if (!withCard) return;
          const { cardNumber, cvv } = values as Partial<Record<string, unknown>>;
          if (typeof cvv !== 'string' || !/^\d+$/.test(cvv)) return;
          const brand =
            typeof cardNumber === 'string' ? detectBrand(cardNumber.replace(/\D/g, '')) : undefined;
          const ok = brand ? cvv.length === brand.cvvSize : cvv.length === 3 || cvv.length === 4;
          if (ok) return;
          ctx.issues.push({
            code: 'custom',
            message: brand?.cvvSize === 4 ? 'card.error.cvvFour' : 'card.error.cvvThree',
            path: ['cvv'],
            input: cvv,
          });
        },
        { when: () => true },
      ),
    );
}

export type CardFormValues = z.input<ReturnType<typeof cardFormSchema>>;
