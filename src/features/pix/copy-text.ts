/**
 * The Clipboard API needs a secure context and permission; when it is missing or refused, the old
 * selection + `copy` command still works in most embedded browsers (bank apps' web views among them).
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    // Missing outside secure contexts, whatever the DOM types say.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard) {
      await clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the selection fallback.
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    // oxlint-disable-next-line typescript/no-deprecated -- the only fallback without the Clipboard API.
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
