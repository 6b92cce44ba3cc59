/**
 * An embedded 3DS payment returns to the merchant's page with this query parameter holding the 3DS
 * reference; the loader on that page hands it to the re-mounted checkout. Shared by the 3DS feature
 * (which writes it) and the embed loader (which reads it).
 */
export const HOST_RETURN_PARAM = 'checkout_3ds';
/**
 * An embedded checkout session's 3DS return: the bank sends the shopper back to the merchant's page with
 * this query parameter holding the session id, and the loader there mounts that session instead of the
 * one the page passes (a page that creates a session per load would otherwise offer a fresh, unpaid
 * order). Written by the 3DS feature, read (and removed from the address) by the loader
 * (docs/decisions/292-embedded-3ds-return-names-the-session.md).
 */
export const HOST_SESSION_PARAM = 'checkout_session';
