/*
 * What the checkout's first load needs of the 3DS return: its route (the reference is a
 * contract/random-id.ts id); the URL builders load with the 3DS request, in return-url.ts.
 */

/** The SPA's own return route; the gateway sends the shopper here after the bank's challenge. */
export const RETURN_PATH = '/3ds/return';
