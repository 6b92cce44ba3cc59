/**
 * Reformats an input in place and keeps the caret after the same number of digits, so editing the
 * middle of a spaced card number does not throw the caret to the end.
 */
export function reformatKeepingCaret(input: HTMLInputElement, format: (value: string) => string): string {
  const caret = input.selectionStart ?? input.value.length;
  const digitsBeforeCaret = input.value.slice(0, caret).replace(/\D/g, '').length;
  const formatted = format(input.value);
  if (formatted === input.value) return formatted;
  input.value = formatted;
  let position = 0;
  let seen = 0;
  while (position < formatted.length && seen < digitsBeforeCaret) {
    if (/\d/.test(formatted.charAt(position))) seen++;
    position++;
  }
  // Step over a separator that now follows the caret, as the shopper would expect when typing on.
  while (position < formatted.length && /\D/.test(formatted.charAt(position))) position++;
  if (document.activeElement === input) input.setSelectionRange(position, position);
  return formatted;
}
