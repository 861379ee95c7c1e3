import { useEffect, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Tabs, TabsContent, TabsList, TabsTrigger } from '@kbe/ui';
import { formatRegistrationDeadline, isRegistrationOpen, type EditionSettings } from '@kbe/contracts/zod-free';
import { BRAND } from '@kbe/content';
import { CandidateRegistrationForm } from './candidate/candidate-registration-form';
import { MentorRegistrationForm } from './mentor/mentor-registration-form';
import type { CodePrefill } from './common/registration-outcome';
import { SchoolRegistrationForm } from './school/school-registration-form';

export type RegistrationTab = 'school' | 'mentor' | 'candidate';

export interface RegistrationPageProps {
  edition: EditionSettings;
  now: () => Date;
}

const TAB_TEXT: Record<RegistrationTab, { title: string; description: string }> = {
  school: {
    title: 'School Registration',
    description: 'Schools register first and receive a school code for their mentors.',
  },
  mentor: {
    title: 'Mentor Registration',
    description: 'Teachers register with their school code and receive a mentor code for their candidates.',
  },
  candidate: {
    title: 'Candidate Registration',
    description: 'Students register with their mentor code, a photo and a signature.',
  },
};

/** Document title of the page (WCAG 2.4.2), in the style of the public pages. */
export const REGISTRATION_PAGE_TITLE = `Online Registration - ${BRAND.name}`;
/** The page's meta description (what a search result shows), in its prerendered HTML. */
export const REGISTRATION_PAGE_DESCRIPTION = 'Register your school, its mentors and their candidates online for the KBE Young Scientist Competition.';

/** /einstein-quest/online-registrations: the three registration forms in tabs. */
export function RegistrationPage({ edition, now }: RegistrationPageProps) {
  const [tab, setTab] = useState<RegistrationTab>('school');
  const [mentorPrefill, setMentorPrefill] = useState<CodePrefill | undefined>();
  const [candidatePrefill, setCandidatePrefill] = useState<CodePrefill | undefined>();
  const deadline = formatRegistrationDeadline(edition);
  const open = isRegistrationOpen(now(), edition);

  useEffect(() => {
    document.title = REGISTRATION_PAGE_TITLE;
  }, []);

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
          KBE Young Scientist Registration Portal {edition.year}
        </h1>
        <p className="mt-2 text-slate-700">Register your school, mentors and candidates for the {edition.year} edition.</p>
      </header>

      <div
        role="note"
        data-testid="deadline-banner"
        className={`mb-6 rounded-lg border p-4 text-center font-semibold ${
          open ? 'border-amber-400 bg-amber-50 text-amber-950' : 'border-red-700 bg-red-50 text-red-900'
        }`}
      >
        Registration deadline: {deadline}
        {open ? null : <span className="block text-sm font-normal">Registration for this edition has closed.</span>}
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as RegistrationTab)}>
        <TabsList aria-label="Registration type" className="flex w-full">
          <TabsTrigger value="school" className="flex-1">
            School Registration
          </TabsTrigger>
          <TabsTrigger value="mentor" className="flex-1">
            Mentor Registration
          </TabsTrigger>
          <TabsTrigger value="candidate" className="flex-1">
            Candidate Registration
          </TabsTrigger>
        </TabsList>
        {(['school', 'mentor', 'candidate'] as const).map((value) => (
          // forceMount keeps every form (and its typed values and last outcome) while another tab is shown.
          <TabsContent key={value} value={value} forceMount hidden={tab !== value} className="data-[state=inactive]:hidden">
            <Card>
              <CardHeader>
                <CardTitle as="h2">{TAB_TEXT[value].title}</CardTitle>
                <CardDescription>{TAB_TEXT[value].description}</CardDescription>
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
