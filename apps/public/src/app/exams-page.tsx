import { Link } from 'react-router-dom';
import { EXAM_FORMATS, LEVELS, ROUTES, editionTexts, examSchedules } from '@kbe/content';
import { Badge, Button } from '@kbe/ui';
import { ContentIcon } from './common/content-icon';
import { deferredSection } from './common/deferred-section';
import { PageHero } from './common/page-hero';
import { usePageMeta } from './common/page-meta.hook';

// Below the fold on a phone: loaded and hydrated when scrolled near (issue 11: main-thread work).
// A link to #syllabus lands right: a prerendered page has the target in its markup, and after a
// client navigation the page appears with all its sections at once (deferred-section.tsx).
const ExamsDetailsSection = deferredSection('exams-details', () => import(/* webpackChunkName: "exams-details" */ './exams-details'));

export function ExamsPage() {
  usePageMeta('exams');
  const schedules = examSchedules();
  const texts = editionTexts();

  return (
    <>
      <PageHero
        title="Exams"
        subtitle={`Three levels, all offline OMR exams. Registration for the Mains closes on ${texts.deadline}.`}
      />
      <section aria-labelledby="levels-heading" className="px-4 py-14 sm:px-6">
        <h2 id="levels-heading" className="sr-only">
          Exam levels
        </h2>
        <div className="mx-auto flex max-w-5xl flex-col gap-8">
          {LEVELS.map((level, i) => {
            const format = EXAM_FORMATS.find((f) => f.level === level.id);
            const schedule = schedules.find((s) => s.level === level.id);
            return (
              <article key={level.id} aria-labelledby={`level-${level.id}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-800">
                    <ContentIcon name={level.icon} />
                  </span>
                  <div>
                    <Badge variant="secondary">Level {i + 1} - {level.stage}</Badge>
                    <h3 id={`level-${level.id}`} className="mt-1 text-2xl font-extrabold text-slate-900">
                      {level.level}
                    </h3>
                  </div>
                </div>
                <p className="mt-4 text-slate-700">{level.description}</p>
                <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  {[
                    ['Duration', format?.pageDuration],
                    ['Marks', format?.pageMarks],
                    ['Exam date', schedule?.examDate],
                    ['Registration', schedule?.registration],
                  ].map(([term, value]) => (
                    <div key={term} className="rounded-lg bg-slate-100 p-3">
                      <dt className="font-semibold text-slate-700">{term}</dt>
                      <dd className="text-base font-bold text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
                <h4 className="mt-5 font-bold text-slate-900">Prizes</h4>
                <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-slate-700">
                  {level.prizes.map((prize) => (
                    <li key={prize}>{prize}</li>
                  ))}
                </ul>
                <p className="mt-4 text-sm font-medium text-slate-900">{level.qualification}</p>
                <div className="mt-6">
                  {level.openForRegistration ? (
                    <Button asChild variant="accent" size="lg">
                      <Link to={ROUTES.registration}>Register Now</Link>
                    </Button>
                  ) : (
                    <Button size="lg" variant="secondary" disabled>
                      Merit-Based Selection
                    </Button>
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
