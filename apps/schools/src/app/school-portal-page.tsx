import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useLocale } from '@kbe/ui';
import { BRAND } from '@kbe/content';

import { schoolsPageMeta, useSchoolsMessages } from '../i18n/schools.catalogue';
import { usePortalApi } from './portal-api';
import { SignInForm } from './sign-in-form';

// The overview is its own chunk: the sign-in page (the one the edge prerenders, and every first
// visit) does not load the tables, filters and tabs.
const PortalOverview = lazy(() => import(/* webpackChunkName: "portal-overview" */ './portal-overview'));

/** No session on the server: the prerendered page is the sign-in form, which the browser hydrates. */
const noSession = () => null;

/** /einstein-quest/school-portal: the sign-in form, or the overview of the signed-in school or mentor. */
export function SchoolPortalPage() {
  const api = usePortalApi();
  const locale = useLocale();
  const t = useSchoolsMessages();
  const session = useSyncExternalStore(api.session.subscribe, api.session.read, noSession);
  const { title } = schoolsPageMeta(locale, BRAND.name);

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="mx-auto w-full min-w-0 max-w-6xl px-3 py-8 sm:px-6">
      <header className="mb-6 text-center">
        <h1 className="text-2xl font-extrabold leading-tight text-slate-900 sm:text-4xl">{t('page.heading')}</h1>
        {session ? null : <p className="mt-2 text-slate-700">{t('page.intro')}</p>}
      </header>
      {session ? (
        <Suspense fallback={<p aria-live="polite">{t('overview.loading')}</p>}>
          <PortalOverview session={session} />
        </Suspense>
      ) : (
        <SignInForm notice={api.session.notice()} />
      )}
    </div>
  );
}
