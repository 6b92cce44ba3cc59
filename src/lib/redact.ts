/**
 * Gateway messages are shown to shoppers and may echo what was sent: a card number, a CVV or an expiry
 * must never reach the screen or an error report through them.
 */

/** 12–19 digits; spaces, dashes or dots allowed between them (`4111.1111.1111.1111`). */
const CARD_NUMBER = /\d(?:[ .-]?\d){11,18}/g;

// A key, then whatever a message or an echoed body puts between key and value: `card_cvv: 123`,
// `"card_cvv":"123"`, `cvv=123`, `card[card_cvv]=123`, `CVV 123`.
const BEFORE_KEY = String.raw`(?<![A-Za-z0-9])`;
const BETWEEN = String.raw`[\]"']*\s*[:=]?\s*["']?`;
const CVV_KEY = String.raw`(?:card_)?(?:cvv2?|cvc2?|csc|security[_ ]?code)`;
const EXPIRY_KEY = String.raw`(?:card_)?(?:expiration[_ ]?date|expiry[_ ]?date|expiry|exp[_ ]?date|exp(?:iry|iration)?_(?:month|year))`;
const ECHOED_CVV = new RegExp(String.raw`(${BEFORE_KEY}${CVV_KEY}${BETWEEN})\d{3,4}(?!\d)`, 'gi');
// MMYY (`0333`), MM/YY, MM/YYYY, or a month or year alone after exp_month/exp_year.
const ECHOED_EXPIRY = new RegExp(
  String.raw`(${BEFORE_KEY}${EXPIRY_KEY}${BETWEEN})(?:\d{1,2}\s*[/.-]\s*\d{2}(?:\d{2})?|\d{1,4})(?!\d)`,
  'gi',
);

/** Masks card numbers (keeping the last four), and the values of echoed CVV and expiry fields. */
export function redactCardData(text: string): string {
  return text
    .replace(CARD_NUMBER, (match) => `•••• ${match.replace(/\D/g, '').slice(-4)}`)
    .replace(ECHOED_CVV, '$1•••')
    .replace(ECHOED_EXPIRY, '$1•••');
}
