import { Link } from 'react-router-dom';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import { ANCHORS, EXAM_FORMATS, LEVELS, ROUTES, SYLLABUS_WEIGHTINGS, examSchedules } from '@kbe/content';
import { Button, Card, CardContent, CardHeader, CardTitle, Progress, cx, focusRing } from '@kbe/ui';
import { SectionHeading } from './common/section-heading';

/** The exams page below the levels: format, dates and syllabus, loaded and hydrated when scrolled near (exams-page.tsx). */
export function ExamsDetails() {
  const schedules = examSchedules();
  return (
    <>
      <section aria-labelledby="format-heading" className="bg-white px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="format-heading" title="Exam Format" intro="Every level is an offline exam on an OMR sheet: multiple choice, four options, one answer." />
          <ul className="grid gap-6 md:grid-cols-3">
            {EXAM_FORMATS.map((format) => {
              const level = LEVELS.find((l) => l.id === format.level);
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
          <SectionHeading id="dates-heading" title="Dates and Fees" />
          {/* Scrolls sideways on phones: focusable so keyboard users can scroll it too (WCAG 2.1.1). */}
          <div
            role="region"
            aria-labelledby="dates-heading"
            tabIndex={0}
            className={cx('overflow-x-auto rounded-xl border border-slate-200 bg-white', focusRing)}
          >
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Exam dates, registration windows and fees by level</caption>
              <thead className="bg-slate-100 text-slate-900">
                <tr>
                  <th scope="col" className="p-3">Level</th>
                  <th scope="col" className="p-3">Exam date</th>
                  <th scope="col" className="p-3">Registration</th>
                  <th scope="col" className="p-3">Fee</th>
                </tr>
              </thead>
              <tbody>
                {schedules.map((s) => (
                  <tr key={s.level} className="border-t border-slate-200">
                    <th scope="row" className="p-3 font-semibold">
                      {LEVELS.find((l) => l.id === s.level)?.level}
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
          <SectionHeading id="syllabus-heading" title="Syllabus" intro="Weightings over 100 questions." />
          <ul className="flex flex-col gap-4">
            {SYLLABUS_WEIGHTINGS.map((w) => (
              <li key={w.subject}>
                <div className="mb-1 flex justify-between gap-4 text-sm font-semibold text-slate-900">
                  <span>{w.subject}</span>
                  <span>{w.percent}%</span>
                </div>
                <Progress value={w.percent} aria-label={`${w.subject}: ${w.percent}%`} />
              </li>
            ))}
          </ul>
          <div className="mt-10 flex justify-center">
            <Button asChild variant="accent" size="lg">
              <Link to={ROUTES.registration}>Register for the Mains</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

export default ExamsDetails;
