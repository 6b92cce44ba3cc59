import { useI18n } from '../i18n/i18n-context.tsx';
import { appHref } from '../lib/app-path.ts';
// A rare page: its words load with it.
import '../i18n/catalogues/not-found.ts';

export function NotFound() {
  const { t } = useI18n();
  const home = import.meta.env.BASE_URL === './' ? appHref('/') : '/';
  return (
    <section className="card-panel">
      <h1>{t('app.notFound.title')}</h1>
      <p>
        <a href={home}>{t('app.notFound.back')}</a>
      </p>
    </section>
  );
}
