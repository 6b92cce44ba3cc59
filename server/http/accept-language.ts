import type { LOCALES } from '../../contract/order-values.ts';

type Locale = (typeof LOCALES)[number];

/**
 * The first language of an `Accept-Language` header (by its q-values) that the pages speak: any Portuguese
 * is pt-BR, any English is en. Undefined when it names neither (or is absent, as for link-preview crawlers):
 * the shop's default language then applies.
 */
export function acceptedLocale(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return undefined;
}
