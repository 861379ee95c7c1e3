import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { HttpError, errorMessage } from '@kbe/api-client';
import type { AdminUser } from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Button } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { clearSession, readSession } from './admin-session.store';

/** Provided by AdminGuard once the server confirmed the session (tests provide it directly). */
export const AdminUserContext = createContext<AdminUser | null>(null);

/** The signed-in admin as the server confirmed them (inside an AdminGuard). */
export function useAdminUser(): AdminUser {
  const user = useContext(AdminUserContext);
  if (!user) throw new Error('useAdminUser is only available inside an AdminGuard');
  return user;
}

type GuardState =
  | { kind: 'checking' }
  | { kind: 'authenticated'; user: AdminUser }
  | { kind: 'refused' }
  | { kind: 'unreachable'; message: string };

/**
 * Spec section 4 guard: 'Checking authentication...' first, then the server decides
 * (`GET /api/admin/me`, DECISIONS): no stored token or a refused one leads to /admin/login.
 * The admin area has no shared chrome: each of its screens, these two included, is one `<main>`.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const api = useAdminApi();
  const [state, setState] = useState<GuardState>(() => (readSession().token ? { kind: 'checking' } : { kind: 'refused' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!readSession().token) {
      setState({ kind: 'refused' });
      return;
    }
    let live = true;
    setState({ kind: 'checking' });
    api.me().then(
      (answer) => {
        if (live) setState({ kind: 'authenticated', user: answer.user });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof HttpError && (error.status === 401 || error.status === 403)) {
          clearSession();
          setState({ kind: 'refused' });
        } else {
          setState({ kind: 'unreachable', message: errorMessage(error) });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  if (state.kind === 'refused') return <Navigate to="/admin/login" replace />;
  if (state.kind === 'checking') {
    return (
      <main className="flex min-h-[60vh] items-center justify-center p-8 text-slate-700">
        <div role="status" aria-live="polite">
          Checking authentication...
        </div>
      </main>
    );
  }
  if (state.kind === 'unreachable') {
    return (
      <main className="mx-auto max-w-xl p-8">
        <Alert variant="destructive">
          <AlertTitle>Could not check your session</AlertTitle>
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
        <Button className="mt-4" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </main>
    );
  }
  return <AdminUserContext.Provider value={state.user}>{children}</AdminUserContext.Provider>;
}
