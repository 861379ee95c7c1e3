import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES } from '@kbe/contracts';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger, toast } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { useAdminUser } from './admin-guard';
import { clearSession } from './admin-session.store';
import { CandidatesTab } from './candidates-tab';
import { MentorsTab } from './mentors-tab';
import { OverviewTab } from './overview-tab';
import { CertificatePanel } from './release-panel';
import { SchoolsTab } from './schools-tab';
import { SmsTab } from './sms-tab';

const AuditTab = lazy(() => import('./audit-tab'));
const MessagesTab = lazy(() => import('./messages-tab'));
const PrivacyTab = lazy(() => import('./privacy/privacy-tab'));
const CorrectionsTab = lazy(() => import('./corrections/corrections-tab'));
const ExamCentresTab = lazy(() => import('./exam-centres/exam-centres-tab'));
const ResultsTab = lazy(() => import('./results/results-tab'));

export type DashboardTab =
  | 'dashboard'
  | 'candidates'
  | 'mentors'
  | 'schools'
  | 'certificates'
  | 'centres'
  | 'results'
  | 'sms'
  | 'corrections'
  | 'privacy'
  | 'audit'
  | 'messages';

/** /admin/dashboard (spec section 2): welcome header with Logout, then the tabs. */
export function DashboardPage() {
  const api = useAdminApi();
  const user = useAdminUser();
  const navigate = useNavigate();
  const [tab, setTab] = useState<DashboardTab>('dashboard');
  const isAdmin = user.role === 'admin';

  useEffect(() => {
    document.title = 'Admin Dashboard - KBE Young Scientist Competition';
  }, []);

  async function logout() {
    // The server revokes the token; the session ends here even if that call fails.
    await api.logout().catch(() => undefined);
    clearSession();
    toast({ title: ADMIN_MESSAGES.loggedOut, description: 'You have been signed out.' });
    navigate('/');
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Admin Dashboard</h1>
            <p className="text-sm text-slate-700">
              Welcome, <span data-testid="admin-username">{user.username || 'Admin'}</span>
              {isAdmin ? '' : ' (read-only viewer)'}
            </p>
          </div>
          <Button variant="outline" onClick={() => void logout()}>
            Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <Tabs value={tab} onValueChange={(value) => setTab(value as DashboardTab)}>
          <TabsList aria-label="Admin sections">
            <TabsTrigger value="dashboard">Dashboard</TabsTrigger>
            <TabsTrigger value="candidates">Candidates</TabsTrigger>
            <TabsTrigger value="mentors">Mentors</TabsTrigger>
            <TabsTrigger value="schools">Schools</TabsTrigger>
            <TabsTrigger value="certificates">Certificates</TabsTrigger>
            <TabsTrigger value="centres">Exam centres</TabsTrigger>
            <TabsTrigger value="results">Results</TabsTrigger>
            <TabsTrigger value="sms">SMS Notifications</TabsTrigger>
            <TabsTrigger value="corrections">Corrections</TabsTrigger>
            <TabsTrigger value="privacy">Privacy</TabsTrigger>
            {isAdmin ? <TabsTrigger value="audit">Audit</TabsTrigger> : null}
            {isAdmin ? <TabsTrigger value="messages">Messages</TabsTrigger> : null}
          </TabsList>
          <TabsContent value="dashboard">
            <OverviewTab onOpenTab={setTab} />
          </TabsContent>
          <TabsContent value="candidates">
            <CandidatesTab />
          </TabsContent>
          <TabsContent value="mentors">
            <MentorsTab />
          </TabsContent>
          <TabsContent value="schools">
            <SchoolsTab />
          </TabsContent>
          <TabsContent value="certificates">
            <CertificatePanel />
          </TabsContent>
          <TabsContent value="centres">
            <Suspense fallback={<p role="status">Loading exam centres...</p>}>
              <ExamCentresTab />
            </Suspense>
          </TabsContent>
          <TabsContent value="results">
            <Suspense fallback={<p role="status">Loading results...</p>}>
              <ResultsTab />
            </Suspense>
          </TabsContent>
          <TabsContent value="sms">
            <SmsTab />
          </TabsContent>
          <TabsContent value="corrections">
            <Suspense fallback={<p role="status">Loading corrections...</p>}>
              <CorrectionsTab onOpenDataRequests={() => setTab('privacy')} />
            </Suspense>
          </TabsContent>
          <TabsContent value="privacy">
            <Suspense fallback={<p role="status">Loading privacy...</p>}>
              <PrivacyTab />
            </Suspense>
          </TabsContent>
          {isAdmin ? (
            <>
              <TabsContent value="audit">
                <Suspense fallback={<p role="status">Loading audit log...</p>}>
                  <AuditTab />
                </Suspense>
              </TabsContent>
              <TabsContent value="messages">
                <Suspense fallback={<p role="status">Loading messages...</p>}>
                  <MessagesTab />
                </Suspense>
              </TabsContent>
            </>
          ) : null}
        </Tabs>
      </main>
    </div>
  );
}
