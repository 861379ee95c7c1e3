import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpError, NetworkError } from '@kbe/api-client';
import { isDevelopmentDeployment } from '@kbe/content';
import { ADMIN_MESSAGES } from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardDescription, CardHeader, Input, Label, toast } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { writeSession } from './admin-session.store';

/** Spec section 9: the dashboard opens about 100 ms after a successful login. */
export const REDIRECT_AFTER_LOGIN_MS = 100;

/**
 * The development shortcut, in a chunk of its own that is fetched only where the deployment says
 * it is a development one (`window.__KBE_CONFIG__`, served by the edge of `npm start`): every
 * build is a production build, so the build cannot decide. A production deployment never says so,
 * and admin-service refuses the account the button signs in with there anyway.
 */
const DevTestLogin = lazy(() => import('./dev-test-login'));

/** Spec section 8: the server's error or message, else 'Login failed' / 'An error occurred during login'. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return error.message && !error.message.startsWith('HTTP error!') ? error.message : 'Login failed';
  if (error instanceof NetworkError) return 'An error occurred during login';
  return 'An error occurred during login';
}

interface LoginFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  id: string;
  label: string;
  onValue: (value: string) => void;
}

function LoginField({ id, label, onValue, ...input }: LoginFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} required className="min-h-11" onChange={(e) => onValue(e.target.value)} {...input} />
    </div>
  );
}

export function LoginPage() {
  const api = useAdminApi();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Typing in either field clears the last sign-in error. */
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [testLogin] = useState(isDevelopmentDeployment);

  useEffect(() => {
    document.title = 'Admin Login - KBE Young Scientist Competition';
    return () => clearTimeout(redirect.current);
  }, []);

  const canSubmit = username.trim() !== '' && password !== '' && !sending;

  async function logIn(name: string, secret: string) {
    setSending(true);
    setError(null);
    try {
      const answer = await api.login(name, secret);
      writeSession(answer.token, answer.user);
      toast({ title: ADMIN_MESSAGES.loginSucceeded, description: ADMIN_MESSAGES.loginWelcome });
      redirect.current = setTimeout(() => navigate('/admin/dashboard', { replace: true }), REDIRECT_AFTER_LOGIN_MS);
    } catch (caught) {
      const message = loginErrorMessage(caught);
      setError(message);
      toast({ title: 'Login Failed', description: message, variant: 'destructive' });
      setSending(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) void logIn(username.trim(), password);
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-950 via-slate-900 to-indigo-900 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold leading-tight text-slate-900">Admin Login</h1>
          <CardDescription>KBE Young Scientist Competition administration</CardDescription>
        </CardHeader>
        <CardContent>
          <form aria-label="Admin login" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            {error ? (
              <Alert variant="destructive">
                <AlertTitle>Login Failed</AlertTitle>
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            ) : null}
            <LoginField id="admin-username" label="Username" name="username" autoComplete="username" value={username} onValue={edit(setUsername)} />
            <LoginField
              id="admin-password"
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onValue={edit(setPassword)}
            />
            <Button type="submit" disabled={!canSubmit}>
              {sending ? 'Signing in...' : 'Sign In'}
            </Button>
            {testLogin ? (
              <Suspense fallback={null}>
                <DevTestLogin disabled={sending} onLogin={(name, secret) => void logIn(name, secret)} />
              </Suspense>
            ) : null}
          </form>
          <p className="mt-6 rounded-md bg-slate-100 p-3 text-center text-sm text-slate-700">
            This is a protected area. Only authorised staff may sign in; every change is recorded.
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
