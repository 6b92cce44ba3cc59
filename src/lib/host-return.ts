/**
 * An embedded 3DS payment returns to the merchant's page with this query parameter holding the 3DS
 * reference; the loader on that page hands it to the re-mounted checkout. Shared by the 3DS feature
 * (which writes it) and the embed loader (which reads it).
 */
export const HOST_RETURN_PARAM = 'checkout_3ds';
