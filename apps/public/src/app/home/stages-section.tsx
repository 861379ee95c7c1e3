import { Link } from 'react-router-dom';
import { ROUTES } from '@kbe/content';
import { Button } from '@kbe/ui';
import { AwardsGrid } from '../common/awards-grid';
import { LevelsGrid } from '../common/levels-grid';
import { SectionHeading } from '../common/section-heading';
import { usePublicMessages } from '../../i18n/page-language.hook';

/** Stages of the competition, their prizes and the extra awards. */
export function StagesSection() {
  const t = usePublicMessages();
  return (
    <section aria-labelledby="stages-heading" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="stages-heading"
          eyebrow={t('home.stages.eyebrow')}
          title={t('home.stages.title')}
          intro={t('home.stages.intro')}
        />
        <LevelsGrid />
        <h3 className="mb-6 mt-14 text-center text-2xl font-bold text-slate-900">{t('home.stages.specialAwards')}</h3>
        <AwardsGrid />
        <div className="mt-10 flex justify-center">
          <Button asChild size="lg">
            <Link to={ROUTES.registration}>{t('action.registerNow')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export default StagesSection;
