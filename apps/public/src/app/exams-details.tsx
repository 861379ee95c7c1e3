import { Link } from 'react-router-dom';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import { ANCHORS, LOCALIZED_EXAMS, LOCALIZED_LEVELS, ROUTES } from '@kbe/content';
import { Button, Card, CardContent, CardHeader, CardTitle, Progress, cx, focusRing } from '@kbe/ui';
import { SectionHeading } from './common/section-heading';
import { usePageContent, usePublicMessages } from '../i18n/page-language.hook';

/** The exams page below the levels: format, dates and syllabus, loaded and hydrated when scrolled near (exams-page.tsx). */
export function ExamsDetails() {
  const t = usePublicMessages();
  const exams = usePageContent(LOCALIZED_EXAMS);
  const { levels } = usePageContent(LOCALIZED_LEVELS);
  const schedules = exams.schedules();
  return (
    <>
      <section aria-labelledby="format-heading" className="bg-white px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="format-heading" title={t('exams.formatTitle')} intro={t('exams.formatIntro')} />
          <ul className="grid gap-6 md:grid-cols-3">
            {exams.formats.map((format) => {
              const level = levels.find((l) => l.id === format.level);
              return (
                <li key={format.level}>
                  <Card className="h-full">
                    <CardHeader>
                      <ClipboardList aria-hidden="true" className="h-7 w-7 text-indigo-700" />
                      <CardTitle>{level?.level}</CardTitle>
                    </CardHeader>
                    <CardContent>
                      <ul className="flex flex-col gap-1 text-slate-700">
                        <li>{format.duration}</li>
                        <li>{format.questions}</li>
                        <li>{format.marks}</li>
                        <li>{format.mode}</li>
                      </ul>
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="dates-heading" className="px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-5xl">
          <SectionHeading id="dates-heading" title={t('exams.datesTitle')} />
          {/* Scrolls sideways on phones: focusable so keyboard users can scroll it too (WCAG 2.1.1). */}
          <div
            role="region"
            aria-labelledby="dates-heading"
            tabIndex={0}
            className={cx('overflow-x-auto rounded-xl border border-slate-200 bg-white', focusRing)}
          >
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t('exams.datesCaption')}</caption>
              <thead className="bg-slate-100 text-slate-900">
                <tr>
                  <th scope="col" className="p-3">{t('exams.level')}</th>
                  <th scope="col" className="p-3">{t('exams.examDate')}</th>
                  <th scope="col" className="p-3">{t('exams.registration')}</th>
                  <th scope="col" className="p-3">{t('exams.fee')}</th>
                </tr>
              </thead>
              <tbody>
                {schedules.map((s) => (
                  <tr key={s.level} className="border-t border-slate-200">
                    <th scope="row" className="p-3 font-semibold">
                      {levels.find((l) => l.id === s.level)?.level}
                    </th>
                    <td className="p-3">{s.examDate}</td>
                    <td className="p-3">{s.registration}</td>
                    <td className="p-3">{s.fee}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section id={ANCHORS.syllabus} tabIndex={-1} aria-labelledby="syllabus-heading" className="bg-white px-4 py-14 outline-none sm:px-6">
        <div className="mx-auto max-w-3xl">
          <SectionHeading id="syllabus-heading" title={t('exams.syllabusTitle')} intro={t('exams.syllabusIntro')} />
          <ul className="flex flex-col gap-4">
            {exams.syllabus.map((w) => (
              <li key={w.subject}>
                <div className="mb-1 flex justify-between gap-4 text-sm font-semibold text-slate-900">
                  <span>{w.subject}</span>
                  <span>{t('exams.percent', { percent: w.percent })}</span>
                </div>
                <Progress value={w.percent} aria-label={t('exams.weighting', { subject: w.subject, percent: w.percent })} />
              </li>
            ))}
          </ul>
          <div className="mt-10 flex justify-center">
            <Button asChild variant="accent" size="lg">
              <Link to={ROUTES.registration}>{t('exams.registerMains')}</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

export default ExamsDetails;
