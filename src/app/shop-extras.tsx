import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { SERVED_CONFIG_ID } from '../lib/served-config.ts';
import { readServedJson } from '../lib/served-json.ts';
import './shop-extras.css';

/** The shop's support contact as a link: `mailto:` for an address, the URL itself otherwise. */
function supportHref(contact: string): string {
  return contact.startsWith('https://') ? contact : `mailto:${contact}`;
}

/** Its own words, out of the first load's catalogue: only shops with a support contact show them. */
const SUPPORT_LINK = {
  en: 'Questions about this payment? Contact {shop}',
  'pt-BR': 'Dúvidas sobre este pagamento? Fale com {shop}',
} as const;

const text = (value: unknown, pattern: RegExp, max: number) =>
  typeof value === 'string' && value.length <= max && pattern.test(value) ? value : undefined;

/** contract/shop-identity.ts `pageShopSchema`'s colour and support, checked by hand: anything odd is left out. */
function shopExtrasOf(config: unknown): { brandColor?: string | undefined; support?: string | undefined } {
  const shop: unknown =
    typeof config === 'object' && config !== null ? Reflect.get(config, 'shop') : undefined;
  if (typeof shop !== 'object' || shop === null) return {};
  const { brand_color, support } = shop as Record<string, unknown>;
  return {
    // `#rrggbb`, already readable on white (the server darkened it if needed).
    brandColor: text(brand_color, /^#[0-9a-fA-F]{6}$/, 7),
    // An e-mail address or an https: URL.
    support: text(support, /^(https:\/\/[^\s<>"]+|[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+)$/, 200),
  };
}

/**
 * What only a shop that set a brand colour or a support contact needs: loaded on its own (layout.tsx), so the
 * checkout's first load does not pay for it. Neither moves the page: the colour repaints, the footer is last.
 */
export function ShopExtras({ shopName }: { shopName: string | undefined }) {
  const { locale } = useI18n();
  const [{ brandColor, support }] = useState(() => shopExtrasOf(readServedJson(SERVED_CONFIG_ID)));
  // The shop's colour for buttons and links (the server made it readable on white): through the CSS
  // object model, which the CSP allows where an inline style would not be.
  useEffect(() => {
    if (!brandColor) return undefined;
    const root = document.documentElement;
    root.style.setProperty('--color-primary', brandColor);
    return () => {
      root.style.removeProperty('--color-primary');
    };
  }, [brandColor]);
  return support ? (
    <footer className="shop-support">
      <a href={supportHref(support)} rel="noopener noreferrer">
        {SUPPORT_LINK[locale].replace('{shop}', shopName ?? support)}
      </a>
    </footer>
  ) : null;
}
