import { expect, test } from '@playwright/test';
import { SessionPage } from '../pages/session-page.ts';
import { shownPaymentForm, typeWhatIsAsked } from '../pages/typing-shopper.ts';
import { ANA, SAO_PAULO } from '../test-shoppers.ts';
import { createSession, knownAddress, knownCustomer, saveCardFor, shoesOrder } from './merchant-api.ts';

/**
 * Issue 13's figure: how many fields a shopper types per method, on a phone in pt-BR, when the shop
 * created the session with the customer it knows (as shops usually do). The helper types only fields
 * that are still empty, in page order, so whatever the checkout fills by itself is not counted.
 * The ceilings are today's counts: a form that asks more again fails here. A shopper the shop knows nothing
 * about is counted by unknown-shopper-fields.spec.ts (issue 26).
 */
const KNOWN_CUSTOMER = knownCustomer(ANA);

test.use({ locale: 'pt-BR' });

/** The shop knows where its customer lives too: the billing address starts filled. */
const KNOWN_ADDRESS = knownAddress(SAO_PAULO);

// Before issue 13: card 11, card with 3DS 15, PIX 11 (the name typed up to three times, no CEP lookup).
// With the address known as well, only the card itself is typed; with a saved card, nothing (issue 14's
// "one tap plus Pay": the newest saved card is already chosen).
const CASES = [
  { method: 'saved card', threeDS: 'off', ceiling: 0, address: true },
  { method: 'saved card with 3DS', threeDS: 'required', ceiling: 0, address: true },
  { method: 'card', threeDS: 'off', ceiling: 6, address: false },
  { method: 'card with 3DS', threeDS: 'required', ceiling: 6, address: false },
  { method: 'PIX', threeDS: 'off', ceiling: 2, address: false },
  { method: 'card', threeDS: 'off', ceiling: 4, address: true },
  { method: 'PIX', threeDS: 'off', ceiling: 0, address: true },
] as const;
const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
] as const;

for (const viewport of PHONES)
  for (const { method, threeDS, ceiling, address } of CASES) {
    const known = address ? ', address known' : '';
    test(`fields typed to pay by ${method} on a ${viewport.width} px phone${known}`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const saved = method.startsWith('saved card');
      // A returning customer: a card saved earlier, under the shop's id for them.
      const externalId = `ana-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      const card = saved ? await saveCardFor(request, externalId) : undefined;
      const customer = address ? { ...KNOWN_CUSTOMER, address: KNOWN_ADDRESS } : KNOWN_CUSTOMER;
      const session = await createSession(
        request,
        shoesOrder({
          customer: saved ? { ...customer, external_id: externalId } : customer,
          ...(saved ? { save_cards: true } : {}),
          three_ds: threeDS,
          locale: 'pt-BR',
        }),
      );
      const checkout = new SessionPage(page);
      await checkout.open(session.id, 'pt-BR');
      if (method === 'PIX') await page.getByRole('radio', { name: 'PIX' }).check();
      const form = shownPaymentForm(page);
      await expect(form).toHaveCount(1);
      const typed = await typeWhatIsAsked(form);
      console.log(`fields typed, ${method}${known}: ${typed.length} (${typed.join(', ')})`);

      const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/v1/transactions'));
      await form.locator('button[type="submit"]').click();
      const body = (await sent).postDataJSON() as {
        payment_method: string;
        card_id?: string;
        billing: { address: Record<string, string> };
      };
      expect(body.card_id).toBe(card?.id);
      expect(body.payment_method).toBe(method === 'PIX' ? 'pix' : 'credit_card');
      if (address) expect(body.billing.address).toMatchObject(KNOWN_ADDRESS);
      expect(typed.length).toBeLessThanOrEqual(ceiling);
    });
  }
