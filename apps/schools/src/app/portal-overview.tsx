import { useCallback, useEffect, useId, useState } from 'react';
import { Alert, AlertDescription, Badge, Button, Tabs, TabsContent, TabsList, TabsTrigger } from '@kbe/ui';
import type { PortalCandidateList, PortalCandidateRow, PortalCounts, PortalMentorRow, PortalSession } from '@kbe/contracts/zod-free';

import { useSchoolsMessages, type SchoolsMessageKey } from '../i18n/schools.catalogue';
import { usePortalApi } from './portal-api';
import { failureText } from './portal-errors';
import { PortalSectionNav, PortalSectionScreen, type PortalSection } from './portal-sections';
import { PupilList } from './pupil-list';
import { saveBlob } from '@kbe/api-client';

/** The count cards, in order: what each counts. */
const COUNT_CARDS: ReadonlyArray<[keyof PortalCounts, SchoolsMessageKey]> = [
  ['candidates', 'counts.candidates'],
  ['consentGiven', 'counts.consentGiven'],
  ['consentPending', 'counts.consentPending'],
  ['feesPaid', 'counts.feesPaid'],
  ['missingFiles', 'counts.missingFiles'],
  ['hallTicketsReleased', 'counts.hallTicketsReleased'],
  ['certificatesReleased', 'counts.certificatesReleased'],
];

/**
 * The overview of a signed-in school or mentor: who is signed in, the counts, the pupils
 * (filters, search, CSV), and for a school its mentors and the bulk-registration template.
 */
export function PortalOverview({ session }: { session: PortalSession }) {
  const api = usePortalApi();
  const t = useSchoolsMessages();
  const ids = useId();
  const school = session.role === 'school';
  const [counts, setCounts] = useState<PortalCounts | null>(null);
  const [mentors, setMentors] = useState<PortalMentorRow[] | undefined>(school ? [] : undefined);
  const [mentorsError, setMentorsError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [section, setSection] = useState<PortalSection>('overview');
  const [correcting, setCorrecting] = useState<PortalCandidateRow | null>(null);
  const onCorrect = useCallback((pupil: PortalCandidateRow) => {
    setCorrecting(pupil);
    setSection('corrections');
  }, []);

  useEffect(() => {
    if (!school) return undefined;
    let current = true;
    api
      .mentors()
      .then((rows) => current && setMentors(rows))
      .catch((failure: unknown) => current && setMentorsError(failureText(failure, t)));
    return () => {
      current = false;
    };
  }, [api, school, t]);

  const onList = useCallback((list: PortalCandidateList) => setCounts(list.counts), []);

  const signOut = () => {
    setSigningOut(true);
    // The session store tells the page, which shows the sign-in form again.
    void api.signOut();
  };

  const pupils = <PupilList code={session.code} mentors={mentors} onList={onList} onCorrect={onCorrect} />;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold text-slate-900" data-testid="portal-name">
            {session.name}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-800">
            <span className="font-mono" data-testid="portal-code">
              {session.code}
            </span>
            <Badge variant="secondary">{t('overview.role', { role: session.role })}</Badge>
          </p>
        </div>
        <Button type="button" variant="outline" disabled={signingOut} onClick={signOut}>
          {t('overview.signOut')}
        </Button>
      </header>

      <PortalSectionNav section={section} onSection={setSection} />
      {section === 'overview' ? null : <PortalSectionScreen section={section} pupil={correcting} />}

      {/* The overview stays mounted under the other sections: its filters and page are kept. */}
      <div hidden={section !== 'overview'} className={section === 'overview' ? 'flex flex-col gap-6' : 'hidden'}>
      <section aria-labelledby={`${ids}-counts`}>
        <h2 id={`${ids}-counts`} className="sr-only">
          {t('counts.title')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="portal-counts">
          {COUNT_CARDS.map(([field, label]) => (
            <div key={field} className="rounded-lg border border-slate-300 bg-white p-3" data-testid={`count-${field}`}>
              <dt className="text-sm text-slate-700">{t(label)}</dt>
              <dd className="text-2xl font-bold text-slate-900">{counts ? t('counts.value', { count: counts[field] }) : '–'}</dd>
            </div>
          ))}
        </dl>
      </section>

      {school ? (
        <Tabs defaultValue="pupils">
          <TabsList aria-label={t('overview.sections')}>
            <TabsTrigger value="pupils">{t('pupils.title')}</TabsTrigger>
            <TabsTrigger value="mentors">{t('mentors.title')}</TabsTrigger>
          </TabsList>
          <TabsContent value="pupils" forceMount className="data-[state=inactive]:hidden">
            {pupils}
          </TabsContent>
          <TabsContent value="mentors">
            <MentorList mentors={mentors ?? []} error={mentorsError} />
          </TabsContent>
        </Tabs>
      ) : (
        pupils
      )}

      {school ? <ImportTemplate /> : null}
      </div>
    </div>
  );
}

function MentorList({ mentors, error }: { mentors: PortalMentorRow[]; error: string | null }) {
  const t = useSchoolsMessages();
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{error}</AlertDescription>
      </Alert>
    );
  }
  if (mentors.length === 0) return <p className="text-slate-800">{t('mentors.none')}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t('mentors.title')} data-testid="mentor-list">
      {mentors.map((mentor) => (
        <li key={mentor.mentorCode} className="rounded-lg border border-slate-300 bg-white p-3">
          <p className="font-semibold text-slate-900">{mentor.name}</p>
          <p className="font-mono text-sm text-slate-700">
            {mentor.mentorCode} · {mentor.phoneNumber}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800">
            {t('mentors.pupils', { count: mentor.candidates })}
            <Badge variant={mentor.active ? 'success' : 'secondary'}>{t('mentors.active', { active: String(mentor.active) })}</Badge>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The bulk-registration template's CSV (the file is uploaded in the Bulk registration section). */
function ImportTemplate() {
  const api = usePortalApi();
  const t = useSchoolsMessages();
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveBlob(await api.importTemplate(), 'bulk-registration-template.csv');
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${ids}-template`} className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-indigo-950">
      <h2 id={`${ids}-template`} className="font-bold">
        {t('template.title')}
      </h2>
      <p className="mt-1 text-sm">{t('template.text')}</p>
      <Button type="button" variant="outline" className="mt-3" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {t('template.button')}
      </Button>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export default PortalOverview;
