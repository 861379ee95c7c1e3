import { Link } from 'react-router-dom';
import { ROUTES } from '@kbe/content';
import { Button } from '@kbe/ui';
import { usePageMeta } from './common/page-meta.hook';
import { usePublicMessages } from '../i18n/page-language.hook';

export function NotFoundPage() {
  usePageMeta('not-found');
  const t = usePublicMessages();
  return (
    <section className="flex flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-indigo-800" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-extrabold text-slate-900">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-700">{t('notFound.text')}</p>
      <Button asChild size="lg">
        <Link to={ROUTES.home}>{t('notFound.back')}</Link>
      </Button>
    </section>
  );
}

export default NotFoundPage;
