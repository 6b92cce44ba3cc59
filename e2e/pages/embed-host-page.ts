import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { CHECKOUT_ORIGIN, MERCHANT_ORIGIN } from '../embed-origins.ts';
import { CheckoutModel } from '../models/checkout-model.ts';

export type Slot = 'a' | 'b';

/** An event as e2e/embed-host/host.js records it: what MerchantCheckout's onEvent received. */
export interface HostEvent {
  slot: Slot;
  type: string;
  transactionId?: number;
  status?: string;
  amount?: number;
  height?: number;
  code?: string;
}

/** A merchant's page (another origin) that embeds the checkout with embed.js. */
export class EmbedHostPage {
  readonly eventLog: Locator;

  constructor(readonly page: Page) {
    this.eventLog = page.locator('#events');
  }

  /** `checkout`: where embed.js comes from (the static mock build by default, or the real server). */
  async goto(origin: string = MERCHANT_ORIGIN, checkout: string = CHECKOUT_ORIGIN): Promise<void> {
    await this.page.goto(`${origin}/index.html?checkout=${encodeURIComponent(checkout)}`);
    await expect(this.page.locator('body')).toHaveAttribute('data-loader', 'ready');
  }

  /** `MerchantCheckout.mount` with these options (functions cannot cross into the page; host.js adds onEvent). */
  async mount(slot: Slot, options: Record<string, unknown>): Promise<void> {
    await this.page.evaluate(
      ({ slot: s, options: o }) => {
        (window as unknown as { mountCheckout: (slot: string, options: unknown) => void }).mountCheckout(
          s,
          o,
        );
      },
      { slot, options },
    );
  }

  iframe(slot: Slot): Locator {
    return this.page.locator(`#checkout-${slot} iframe`);
  }

  /** Brings the bottom of the checkout (where the mock's designer panel sits) into the window. */
  async scrollToBottomOf(slot: Slot): Promise<void> {
    await this.iframe(slot).evaluate((frame) => frame.scrollIntoView({ block: 'end' }));
  }

  checkout(slot: Slot): EmbeddedCheckout {
    return new EmbeddedCheckout(this.page.frameLocator(`#checkout-${slot} iframe`));
  }

  async events(slot?: Slot): Promise<HostEvent[]> {
    const all = await this.page.evaluate(() => (window as unknown as { hostEvents: HostEvent[] }).hostEvents);
    return all.filter((event) => slot === undefined || event.slot === slot);
  }

  async iframeHeight(slot: Slot): Promise<number> {
    return this.iframe(slot).evaluate((frame) => frame.getBoundingClientRect().height);
  }

  async setTheme(slot: Slot, theme: Record<string, unknown>): Promise<void> {
    await this.page.evaluate(
      ({ slot: s, theme: t }) => {
        const handles = (
          window as unknown as { checkouts: Record<string, { setTheme: (t: unknown) => void }> }
        ).checkouts;
        handles[s]?.setTheme(t);
      },
      { slot, theme },
    );
  }
}

/** The checkout inside its iframe: the same component models as the page's, on the frame. */
export class EmbeddedCheckout extends CheckoutModel {
  readonly body: Locator;

  constructor(readonly frame: FrameLocator) {
    super(frame);
    this.body = frame.locator('body');
  }

  /** Chooses PIX, fills the shopper and billing address (the PIX e2e's shopper) and asks for a code. */
  async generatePixCode(): Promise<void> {
    await this.pix.method.check();
    await this.pix.fillAll();
    await this.pix.submit.click();
  }

  /**
   * The mock gateway's designer panel, part of the embedded page in mock mode. It is fixed to the
   * bottom of the iframe, so the caller scrolls the host page there first.
   */
  async simulatePixPayment(transactionId: number): Promise<void> {
    await this.frame.getByText('Mock gateway · test cards').click();
    await this.frame.getByRole('combobox', { name: 'Code' }).selectOption(String(transactionId));
    await this.frame.getByRole('button', { name: 'Simulate payment' }).click();
  }

  /** The embedded document must never scroll inside the iframe. */
  async scrollOverflow(): Promise<number> {
    return this.frame.locator('html').evaluate((html) => html.scrollHeight - html.clientHeight);
  }
}
