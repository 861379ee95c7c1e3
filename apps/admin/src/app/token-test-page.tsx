import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';

import { clearSession, decodeToken, readSession, type DecodedToken } from './admin-session.store';

interface TokenReport {
  decoded: DecodedToken | null;
  user: string;
}

/** /admin/test (spec section 2): look at the stored token, clear it, or go to the dashboard. */
export function TokenTestPage() {
  const navigate = useNavigate();
  const [report, setReport] = useState<TokenReport | null>(null);

  useEffect(() => {
    document.title = 'Admin Token Test - KBE Young Scientist Competition';
  }, []);

  function checkToken() {
    const session = readSession();
    setReport({
      decoded: session.token ? decodeToken(session.token) : null,
      user: session.user ? JSON.stringify(session.user, null, 2) : 'No stored user',
    });
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col gap-4 p-4 sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">Admin Token Test</h1>
      <div className="flex flex-wrap gap-2">
        <Button onClick={checkToken}>Check Token</Button>
        <Button
          variant="destructive"
          onClick={() => {
            clearSession();
            navigate('/admin/login');
          }}
        >
          Clear Auth
        </Button>
        <Button variant="outline" onClick={() => navigate('/admin/dashboard')}>
          Go to Dashboard
        </Button>
      </div>
      {report ? (
        <Card aria-live="polite">
          <CardHeader>
            <CardTitle as="h2">Token details</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 text-sm">
            {report.decoded ? (
              <>
                <p>
                  <strong>Token:</strong> <code className="break-all">{report.decoded.truncated}</code>
                </p>
                <p>
                  <strong>Valid:</strong> {report.decoded.notExpired ? 'Yes (not expired; the server checks the signature)' : 'No (expired or unreadable)'}
                </p>
                <div>
                  <strong>Payload:</strong>
                  <pre tabIndex={0} className="mt-1 overflow-x-auto rounded bg-slate-100 p-2">{report.decoded.payload ? JSON.stringify(report.decoded.payload, null, 2) : 'Cannot be decoded'}</pre>
                </div>
              </>
            ) : (
              <p>No token stored</p>
            )}
            <div>
              <strong>Stored user:</strong>
              <pre tabIndex={0} className="mt-1 overflow-x-auto rounded bg-slate-100 p-2">{report.user}</pre>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </main>
  );
}
