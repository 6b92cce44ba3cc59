import { useQuery } from '@tanstack/react-query';
import { consoleBrandSchema, type ConsoleBrand } from '../../../contract/console/console-shop.ts';
import { request } from './console-api.ts';
import { useConsoleI18n } from './console-i18n.tsx';
import { QUERY_ROOTS } from './query-keys.ts';

/** What the login page shows of the shop (`GET /api/console/brand`, asked before log-in). */
const BRAND_QUERY = [...QUERY_ROOTS.shop, 'brand'] as const;

/**
 * The shop's logo and name beside the console's own, as the shop set them (Settings → Shop). Logged in, the brand
 * comes with who is logged in (`/api/console/me`): a page asks the server for one thing, not two.
 */
export function ShopBrand({ brand }: { brand: ConsoleBrand | undefined }) {
  const { t } = useConsoleI18n();
  const logo = brand?.logo;
  const name = brand?.name;
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

/** Before log-in there is no `/me` to carry the brand: the login page asks for it alone. */
export function LoginShopBrand() {
  const brand = useQuery({
    queryKey: BRAND_QUERY,
    queryFn: ({ signal }) => request('GET', '/brand', consoleBrandSchema, undefined, signal),
    staleTime: 60_000,
  });
  return <ShopBrand brand={brand.data} />;
}
