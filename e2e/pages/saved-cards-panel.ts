import type { Locator, Page } from '@playwright/test';

/**
 * The saved-card part of a session's card form (issue 14), by accessible names (English): the
 * customer's cards as a radio group, "Use another card", removal with its confirmation, and the consent
 * to save a typed card. Used beside SessionPage, which has the rest of the form.
 */
export class SavedCardsPanel {
  readonly group: Locator;
  readonly useAnother: Locator;
  readonly consent: Locator;
  readonly status: Locator;
  /** Said beside the cards when the server refuses the chosen one. */
  readonly unavailable: Locator;

  constructor(readonly page: Page) {
    this.group = page.getByRole('group', { name: 'Pay with a saved card' });
    this.useAnother = this.group.getByRole('radio', { name: 'Use another card' });
    this.consent = page.getByRole('checkbox', { name: 'Save this card for next time' });
    this.status = page.locator('.saved-cards__status');
    this.unavailable = page.getByText('This saved card can no longer be used here.');
  }

  /** "Visa •••• 1111" as a choice. */
  card(label: string): Locator {
    return this.group.getByRole('radio', { name: label });
  }

  removeButton(label: string): Locator {
    return this.group.getByRole('button', { name: `Remove ${label}` });
  }

  /** The inline confirmation's buttons, once Remove was pressed. */
  confirmRemove(): Locator {
    return this.group.getByRole('button', { name: 'Remove', exact: true });
  }

  keep(): Locator {
    return this.group.getByRole('button', { name: 'Keep' });
  }
}
