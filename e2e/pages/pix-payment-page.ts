import { expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The PIX payment screen: QR code, code to paste, countdown, and the screens that follow. */
export class PixPaymentPage {
  readonly qrImage: Locator;
  readonly code: Locator;
  readonly copyButton: Locator;
  readonly countdown: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.qrImage = page.getByRole('img', { name: /QR code/ });
    this.code = page.getByLabel('PIX copy-and-paste code');
    this.copyButton = page.getByRole('button', { name: 'Copy code' });
    this.countdown = page.getByTestId('pix-countdown');
    this.progress = page.getByRole('progressbar', { name: 'Time left to pay' });
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 2, name });
  }

  /** What a phone camera would read: a screenshot of the QR element, decoded. */
  async decodeQr(): Promise<string | undefined> {
    await expect(this.qrImage).toBeVisible();
    const png = PNG.sync.read(await this.qrImage.screenshot());
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  }

  /** Seconds left as the countdown shows them (`mm:ss` or `h:mm:ss`). */
  async secondsLeft(): Promise<number> {
    const text = (await this.countdown.textContent()) ?? '';
    expect(text).toMatch(/^(\d+:)?\d{2}:\d{2}$/);
    return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  }
}
