/**
 * Masks anything that looks like a card number (12–19 digits, spaces or dashes allowed between them).
 * Gateway messages are shown to shoppers and may echo what was sent; a PAN must never reach the screen
 * or an error report through them.
 */
export function redactCardNumbers(text: string): string {
  return text.replace(/\d(?:[ -]?\d){11,18}/g, (match) => `•••• ${match.replace(/\D/g, '').slice(-4)}`);
}
