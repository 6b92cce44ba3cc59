import type { Locator } from '@playwright/test';
import { word, type Language } from '../words.ts';
import type { Root } from './root.ts';

/** Why a payment link's session took no payment: another shopper's payment holds its last slot, or it closed. */
export type LinkRefusalReason = 'held' | 'usedUp' | 'inactive' | 'expired';

/**
 * What the checkout of a payment link's session shows in place of the form when the link refuses a payment
 * (docs/decisions/287-link-closed-under-the-checkout.md): why, and the way back to the link's page — or,
 * while the last slot is held, a way to check again.
 */
export class LinkRefusal {
  readonly backToLink: Locator;
  readonly checkAgain: Locator;

  constructor(
    private readonly root: Root,
    private readonly language: Language = 'en',
  ) {
    this.backToLink = root.getByRole('link', { name: word('session.link.back', language) });
    this.checkAgain = root.getByRole('button', { name: word('session.unknown.check', language) });
  }

  heading(reason: LinkRefusalReason): Locator {
    return this.root.getByRole('heading', {
      level: 2,
      name: word(`session.link.${reason}.title`, this.language),
    });
  }

  body(reason: LinkRefusalReason): Locator {
    return this.root.getByText(word(`session.link.${reason}.body`, this.language));
  }
}
