import { CheckoutPage, pressButton, type Press } from './pages/checkout-page.ts';
import {
  expect,
  expectNoAxeViolations,
  expectPostCountToStay,
  recordPaymentPosts,
  test,
} from './fixtures.ts';
import { APPROVED_VISA } from './test-shoppers.ts';

/**
 * After a payment whose outcome is unknown the gateway may have charged the card. The shopper is told
 * not to pay twice; "I have checked — try again" must only bring the Pay button back, never pay by
 * itself (issue #10: React reused the <button> and the press submitted the form). Counted at the
 * network: exactly one POST until the shopper deliberately pays again, exactly one more when they do.
 */
interface UnknownOutcomePath {
  name: string;
  /** Mock scenario by holder name (docs/shoppers-and-designers/test-cards.md). */
  holder: string;
  /** The gateway never answers in time: the checkout's 30 s time-out is reached on a fake clock. */
  timesOut?: boolean;
}

const PATHS: readonly UnknownOutcomePath[] = [
  { name: 'a 504 from a proxy', holder: 'GATEWAY TIMEOUT' },
  { name: 'a time-out', holder: 'SLOW GATEWAY', timesOut: true },
  { name: 'an unreadable 200', holder: 'BAD RESPONSE' },
  { name: 'a 500', holder: 'SERVER ERROR' },
];
const PRESSES: readonly Press[] = ['click', 'Enter', 'Space'];

for (const path of PATHS) {
  for (const press of PRESSES) {
    test(`after ${path.name}, "I have checked — try again" (${press}) sends nothing and Pay then sends exactly one payment`, async ({
      page,
    }) => {
      if (path.timesOut) await page.clock.install();
      const posts = recordPaymentPosts(page);
      const checkout = new CheckoutPage(page);
      await checkout.goto();
      await checkout.fillAll({ ...APPROVED_VISA, name: path.holder });
      await checkout.payButton.click();
      if (path.timesOut) {
        await expect.poll(() => posts.length).toBe(1);
        await page.clock.fastForward('00:31');
      }

      await expect(checkout.alert).toHaveText(/could not confirm your payment/);
      // Pay, which had focus, is gone: focus goes to the warning, not to the document.
      await expect(checkout.alert).toBeFocused();
      await expect(checkout.payButton).toHaveCount(0);
      expect(posts).toHaveLength(1);

      await pressButton(checkout.retryAfterUnknownButton, press);
      await expectPostCountToStay(page, posts, 1, async () => {
        await expect(checkout.payButton).toHaveAccessibleName('Pay R$150.90');
        await expect(checkout.payButton).toBeFocused();
        await expect(checkout.retryAfterUnknownButton).toHaveCount(0);
      });
      await expect(checkout.cardNumber).toHaveValue(APPROVED_VISA.number);

      await checkout.payButton.click();
      await expect.poll(() => posts.length).toBe(2);
      // The second payment ends as the first did.
      await expectPostCountToStay(page, posts, 2, async () => {
        if (path.timesOut) await page.clock.fastForward('00:31');
        await expect(checkout.alert).toHaveText(/could not confirm your payment/);
      });
    });
  }
}

test('the unknown-outcome notice passes axe and Enter in a field does not pay again', async ({ page }) => {
  const posts = recordPaymentPosts(page);
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.fillAll({ ...APPROVED_VISA, name: 'BAD RESPONSE' });
  await checkout.payButton.click();

  await expect(checkout.alert).toHaveText(/could not confirm your payment/);
  await expectNoAxeViolations(page);
  await checkout.cvv.press('Enter');
  // Enter changes nothing on the page: the notice stays, and no Pay button comes back.
  await expectPostCountToStay(page, posts, 1, async () => {
    await expect(checkout.alert).toHaveText(/could not confirm your payment/);
    await expect(checkout.payButton).toHaveCount(0);
  });
});
