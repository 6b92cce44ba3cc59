import { useQuery } from '@tanstack/react-query';
import { consoleBrandSchema } from '../../../contract/console/console-shop.ts';
import { request } from './console-api.ts';
import { useConsoleI18n } from './console-i18n.tsx';
import { QUERY_ROOTS } from './query-keys.ts';

/** What the header and login page show of the shop (`GET /api/console/brand`, asked before log-in too). */
export const BRAND_QUERY = [...QUERY_ROOTS.shop, 'brand'] as const;

/** The shop's logo and name beside the console's own, as the shop set them (Settings → Shop). */
export function ShopBrand() {
  const { t } = useConsoleI18n();
  const brand = useQuery({
    queryKey: BRAND_QUERY,
    queryFn: ({ signal }) => request('GET', '/brand', consoleBrandSchema, undefined, signal),
    staleTime: 60_000,
  });
  const logo = brand.data?.logo;
  const name = brand.data?.name;
  return (
    <span className="brand">
      {logo ? (
        <img className="brand-logo" src={logo.src} width={logo.width} height={logo.height} alt="" />
      ) : null}
      <span>
        {name ? `${name} · ` : ''}
        {t.appName}
      </span>
    </span>
  );
}
