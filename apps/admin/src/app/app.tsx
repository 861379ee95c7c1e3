import { useEffect, useMemo, useRef } from 'react';
import { Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { ADMIN_NOT_FOUND_TITLE, ADMIN_ROUTES } from '@kbe/content';
import { Toaster } from '@kbe/ui';

import { AdminApiContext, createAdminApi, type AdminApi } from './admin-api';
import { AdminGuard } from './admin-guard';
import { DashboardPage } from './dashboard-page';
import { LoginPage } from './login-page';
import { TokenTestPage } from './token-test-page';

/** A screen's path relative to the admin area, as the shell mounts it: '/admin/login' -> 'login'. */
const screen = (path: string) => path.slice(ADMIN_ROUTES.root.length + 1);

/** Any other path under /admin; the edge answers it with 404 and the same title. */
function AdminNotFound() {
  useEffect(() => {
    document.title = ADMIN_NOT_FOUND_TITLE;
  }, []);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Page Not Found</h1>
      <p className="text-slate-700">There is no admin page at this address.</p>
      <Link className="font-semibold text-indigo-700 underline" to={ADMIN_ROUTES.dashboard}>
        Go to the dashboard
      </Link>
    </main>
  );
}

/**
 * The admin remote: every path under /admin (spec section 2), without the public header and
 * footer. The shell mounts it at /admin/*, so the routes here are relative to /admin; its screens
 * are ADMIN_ROUTES of @kbe/content, which the edge answers 200 for (404 for any other path).
 */
export function App({ api }: { api?: AdminApi }) {
  const navigate = useNavigate();
  // The router hands out a new navigate function per location; the API client is made once.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const adminApi = useMemo(
    () => api ?? createAdminApi({ onUnauthorized: () => navigateRef.current(ADMIN_ROUTES.login, { replace: true }) }),
    [api],
  );
  return (
    <AdminApiContext.Provider value={adminApi}>
      <div data-testid="remote-admin" className="min-h-screen bg-slate-50 text-slate-900">
        <Routes>
          <Route index element={<Navigate to={ADMIN_ROUTES.dashboard} replace />} />
          <Route path={screen(ADMIN_ROUTES.login)} element={<LoginPage />} />
          <Route path={screen(ADMIN_ROUTES.test)} element={<TokenTestPage />} />
          <Route
            path={screen(ADMIN_ROUTES.dashboard)}
            element={
              <AdminGuard>
                <DashboardPage />
              </AdminGuard>
            }
          />
          <Route path="*" element={<AdminNotFound />} />
        </Routes>
      </div>
      <Toaster />
    </AdminApiContext.Provider>
  );
}

export default App;
