import { Link } from 'react-router-dom';
import { ROUTES } from '@kbe/content';
import { Button } from '@kbe/ui';
import { AwardsGrid } from './common/awards-grid';
import { LevelsGrid } from './common/levels-grid';
import { SectionHeading } from './common/section-heading';
import { usePublicMessages } from '../i18n/page-language.hook';

/** The about page's tiers and awards: below the fold, loaded and hydrated when scrolled near (about-page.tsx). */
export function AboutTiersAndAwards() {
  const t = usePublicMessages();
  return (
    <>
      <section aria-labelledby="tiers-heading" className="px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="tiers-heading" title={t('about.tiersTitle')} intro={t('about.tiersIntro')} />
          <LevelsGrid />
        </div>
      </section>
      <section aria-labelledby="awards-heading" className="bg-white px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="awards-heading" title={t('about.awardsTitle')} />
          <AwardsGrid />
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to={ROUTES.exams}>{t('action.exploreExams')}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={ROUTES.gallery}>{t('action.viewGallery')}</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

export default AboutTiersAndAwards;
