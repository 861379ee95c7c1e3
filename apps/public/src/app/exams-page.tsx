import { Link } from 'react-router-dom';
import { LOCALIZED_EXAMS, LOCALIZED_LEVELS, RESULT_LOOKUP_HREF, ROUTES } from '@kbe/content';
import { Badge, Button } from '@kbe/ui';
import { ContentIcon } from './common/content-icon';
import { deferredSection } from './common/deferred-section';
import { PageHero } from './common/page-hero';
import { usePageMeta } from './common/page-meta.hook';
import { usePageContent, usePublicMessages } from '../i18n/page-language.hook';

// Below the fold on a phone: loaded and hydrated when scrolled near (issue 11: main-thread work).
// A link to #syllabus lands right: a prerendered page has the target in its markup, and after a
// client navigation the page appears with all its sections at once (deferred-section.tsx).
const ExamsDetailsSection = deferredSection('exams-details', () => import(/* webpackChunkName: "exams-details" */ './exams-details'));

export function ExamsPage() {
  usePageMeta('exams');
  const t = usePublicMessages();
  const exams = usePageContent(LOCALIZED_EXAMS);
  const { levels } = usePageContent(LOCALIZED_LEVELS);
  const schedules = exams.schedules();
  const texts = exams.editionTexts();

  return (
    <>
      <PageHero
        title={t('exams.title')}
        subtitle={t('exams.subtitle', { deadline: texts.deadline })}
      />
      <section aria-labelledby="levels-heading" className="px-4 py-14 sm:px-6">
        <h2 id="levels-heading" className="sr-only">
          {t('exams.levelsHeading')}
        </h2>
        <div className="mx-auto flex max-w-5xl flex-col gap-8">
          {levels.map((level, i) => {
            const format = exams.formats.find((f) => f.level === level.id);
            const schedule = schedules.find((s) => s.level === level.id);
            return (
              <article key={level.id} aria-labelledby={`level-${level.id}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-800">
                    <ContentIcon name={level.icon} />
                  </span>
                  <div>
                    <Badge variant="secondary">{t('exams.levelBadge', { number: i + 1, stage: level.stage })}</Badge>
                    <h3 id={`level-${level.id}`} className="mt-1 text-2xl font-extrabold text-slate-900">
                      {level.level}
                    </h3>
                  </div>
                </div>
                <p className="mt-4 text-slate-700">{level.description}</p>
                <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  {[
                    [t('exams.duration'), format?.pageDuration],
                    [t('exams.marks'), format?.pageMarks],
                    [t('exams.examDate'), schedule?.examDate],
                    [t('exams.registration'), schedule?.registration],
                  ].map(([term, value]) => (
                    <div key={term} className="rounded-lg bg-slate-100 p-3">
                      <dt className="font-semibold text-slate-700">{term}</dt>
                      <dd className="text-base font-bold text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
                <h4 className="mt-5 font-bold text-slate-900">{t('exams.prizes')}</h4>
                <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-slate-700">
                  {level.prizes.map((prize) => (
                    <li key={prize}>{prize}</li>
                  ))}
                </ul>
                <p className="mt-4 text-sm font-medium text-slate-900">{level.qualification}</p>
                <div className="mt-6">
                  {level.openForRegistration ? (
                    <Button asChild variant="accent" size="lg">
                      <Link to={ROUTES.registration}>{t('action.registerNow')}</Link>
                    </Button>
                  ) : (
                    // Reached on merit: the qualified candidate's next step is the result of the level before.
                    <div className="flex flex-col items-start gap-2">
                      <p className="text-sm font-semibold text-slate-700">{t('exams.meritBased')}</p>
                      <Button asChild variant="secondary" size="lg" className="whitespace-normal py-2 text-left">
                        <Link to={RESULT_LOOKUP_HREF}>{t('exams.meritNextStep', { level: levels[i - 1]?.level ?? level.level })}</Link>
                      </Button>
                    </div>
                  )}
                </div>
              </article>
            );
          })}
        </div>
      </section>

      <ExamsDetailsSection />
    </>
  );
}

export default ExamsPage;
