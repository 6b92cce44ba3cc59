import type { FrameLocator, Locator, Page } from '@playwright/test';

/**
 * Where a component model looks: the page, the checkout's iframe on a merchant's page, or one element.
 * The same model then serves the checkout, its PIX screens and the embedded checkout.
 */
export type Root = Page | FrameLocator | Locator;
