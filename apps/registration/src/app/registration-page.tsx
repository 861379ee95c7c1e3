import { useEffect, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Tabs, TabsContent, TabsList, TabsTrigger } from '@kbe/ui';
import { formatRegistrationDeadline, isRegistrationOpen, PORTAL_PAGE_PATH, type EditionSettings } from '@kbe/contracts/zod-free';
import { BRAND } from '@kbe/content';
import { localizedPath } from '@kbe/i18n';
import { deadlineText, registrationPageMeta, useRegistrationMessages, type RegistrationMessageKey } from '../i18n/registration.catalogue';
import { CandidateRegistrationForm } from './candidate/candidate-registration-form';
import { MentorRegistrationForm } from './mentor/mentor-registration-form';
import type { CodePrefill } from './common/registration-outcome';
import { SchoolRegistrationForm } from './school/school-registration-form';

export type RegistrationTab = 'school' | 'mentor' | 'candidate';

export interface RegistrationPageProps {
  edition: EditionSettings;
  now: () => Date;
}

const TAB_TEXT: Record<RegistrationTab, { title: RegistrationMessageKey; description: RegistrationMessageKey }> = {
  school: { title: 'tab.school.title', description: 'tab.school.description' },
  mentor: { title: 'tab.mentor.title', description: 'tab.mentor.description' },
  candidate: { title: 'tab.candidate.title', description: 'tab.candidate.description' },
};

/** /einstein-quest/online-registrations: the three registration forms in tabs. */
export function RegistrationPage({ edition, now }: RegistrationPageProps) {
  const { t, locale } = useRegistrationMessages();
  const [tab, setTab] = useState<RegistrationTab>('school');
  const [mentorPrefill, setMentorPrefill] = useState<CodePrefill | undefined>();
  const [candidatePrefill, setCandidatePrefill] = useState<CodePrefill | undefined>();
  const deadline = deadlineText(locale, edition.registrationDeadline, edition.timeZoneOffsetMinutes, formatRegistrationDeadline(edition));
  const year = String(edition.year);
  const open = isRegistrationOpen(now(), edition);

  useEffect(() => {
    document.title = registrationPageMeta(locale, BRAND.name).title;
  }, [locale]);

  const openMentorTab = (schoolCode: string) => {
    setMentorPrefill({ code: schoolCode, nonce: Date.now() });
    setTab('mentor');
  };
  const openCandidateTab = (mentorCode: string) => {
    setCandidatePrefill({ code: mentorCode, nonce: Date.now() });
    setTab('candidate');
  };

  return (
    <div className="mx-auto w-full min-w-0 max-w-5xl px-3 py-8 sm:px-6">
      <header className="mb-6 text-center">
        <h1 className="text-2xl font-extrabold leading-tight text-slate-900 sm:text-4xl">
          {t('page.heading', { year })}
        </h1>
        <p className="mt-2 text-slate-700">{t('page.intro', { year })}</p>
        <p className="mt-2 text-sm text-slate-700" data-testid="school-portal-link">
          {t('portal.prompt')}{' '}
          <a className="font-semibold text-indigo-800 underline underline-offset-4" href={localizedPath(locale, PORTAL_PAGE_PATH)}>
            {t('portal.link')}
          </a>
        </p>
      </header>

      <div
        role="note"
        data-testid="deadline-banner"
        className={`mb-6 rounded-lg border p-4 text-center font-semibold ${
          open ? 'border-amber-400 bg-amber-50 text-amber-950' : 'border-red-700 bg-red-50 text-red-900'
        }`}
      >
        {t('page.deadline', { deadline })}
        {open ? null : <span className="block text-sm font-normal">{t('page.closed')}</span>}
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as RegistrationTab)}>
        <TabsList aria-label={t('tabs.label')} className="flex w-full">
          {(['school', 'mentor', 'candidate'] as const).map((value) => (
            <TabsTrigger key={value} value={value} className="flex-1">
              {t(TAB_TEXT[value].title)}
            </TabsTrigger>
          ))}
        </TabsList>
        {(['school', 'mentor', 'candidate'] as const).map((value) => (
          // forceMount keeps every form (and its typed values and last outcome) while another tab is shown.
          <TabsContent key={value} value={value} forceMount hidden={tab !== value} className="data-[state=inactive]:hidden">
            <Card>
              <CardHeader>
                <CardTitle as="h2">{t(TAB_TEXT[value].title)}</CardTitle>
                <CardDescription>{t(TAB_TEXT[value].description)}</CardDescription>
              </CardHeader>
              <CardContent>
                {value === 'school' ? <SchoolRegistrationForm onOpenMentorTab={openMentorTab} /> : null}
                {value === 'mentor' ? (
                  <MentorRegistrationForm prefill={mentorPrefill} onOpenCandidateTab={openCandidateTab} />
                ) : null}
                {value === 'candidate' ? (
                  <CandidateRegistrationForm edition={edition} now={now} prefill={candidatePrefill} />
                ) : null}
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
