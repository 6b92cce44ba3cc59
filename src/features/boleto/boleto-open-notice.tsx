import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatDueDate } from './boleto-details.tsx';

/**
 * While this order's boleto may still be paid, the card and PIX tabs say so: paying now means the boleto
 * must not be paid, and if both are, the later one is refunded (docs/decisions/232-boleto-open-notice.md).
 * The checkout's first load may not grow by a byte, so this lazy chunk draws the notice itself: from a marker
 * inside the boleto's panel it adds a slot right after the method choice, filled only while the boleto's
 * panel is hidden (another method is chosen).
 */
export function BoletoOpenNotice({ dueDate }: { dueDate: string }) {
  const { t, locale } = useI18n();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const [otherMethod, setOtherMethod] = useState(false);

  const attach = useCallback((marker: HTMLElement | null) => {
    // The marker sits directly in the boleto's panel (checkout-page.tsx); the panel's parent holds the choice.
    const panel = marker?.parentElement;
    const choice = panel?.parentElement?.querySelector(':scope > .method-choice');
    // Only a page with a method choice has other methods to warn about.
    if (!panel || !choice) return undefined;
    const added = document.createElement('div');
    choice.after(added);
    setSlot(added);
    // Once the order is paid the choice goes away, and so does the notice.
    const look = () => setOtherMethod(panel.hidden !== false && choice.isConnected);
    look();
    const observer = new MutationObserver(look);
    observer.observe(panel, { attributes: true, attributeFilter: ['hidden'] });
    if (panel.parentElement) observer.observe(panel.parentElement, { childList: true });
    return () => {
      observer.disconnect();
      added.remove();
      setSlot(null);
    };
  }, []);

  return (
    <>
      <span hidden ref={attach} />
      {slot && otherMethod
        ? createPortal(
            <p className="notice notice--warning" role="status">
              {t('boleto.stillOpen', { date: formatDueDate(dueDate, locale) })}
            </p>,
            slot,
          )
        : null}
    </>
  );
}
