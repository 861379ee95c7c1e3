import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle, Card, CardContent, CardHeader } from '@kbe/ui';
import { DOCUMENT_NOT_VERIFIED, documentLabel, type DocumentVerification } from '@kbe/contracts/zod-free';
import { useDownloadsApi } from './downloads-api';

type State = { status: 'loading' } | { status: 'done'; result: DocumentVerification } | { status: 'error' };

/** The public page a document's QR code opens: is this document genuine? */
export function VerifyDocument({ token }: { token: string }) {
  const api = useDownloadsApi();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    api
      .verify(token)
      .then((result) => current && setState({ status: 'done', result }))
      .catch(() => current && setState({ status: 'error' }));
    return () => {
      current = false;
    };
  }, [api, token]);

  return (
    <div className="mx-auto w-full min-w-0 max-w-2xl px-3 py-8 sm:px-6">
      <Card>
        <CardHeader>
          <h1 className="text-lg font-bold leading-tight">Document Verification</h1>
        </CardHeader>
        <CardContent data-testid="document-verification">
          {state.status === 'loading' ? <p role="status">Checking the document...</p> : null}
          {state.status === 'error' ? (
            <Alert variant="destructive">
              <AlertTitle>Verification unavailable</AlertTitle>
              <AlertDescription>The document could not be checked right now. Please try again later.</AlertDescription>
            </Alert>
          ) : null}
          {state.status === 'done' && state.result.valid ? (
            <Alert variant="success">
              <AlertTitle>Valid document</AlertTitle>
              <AlertDescription>
                <dl className="mt-2 grid grid-cols-2 gap-1">
                  <dt>Document</dt>
                  <dd className="font-semibold">{documentLabel(state.result.type)}</dd>
                  <dt>Candidate Code</dt>
                  <dd className="font-semibold">{state.result.candidateCode}</dd>
                  <dt>Name</dt>
                  <dd className="font-semibold">{state.result.name}</dd>
                  <dt>Edition</dt>
                  <dd className="font-semibold">{state.result.edition}</dd>
                </dl>
              </AlertDescription>
            </Alert>
          ) : null}
          {state.status === 'done' && !state.result.valid ? (
            <Alert variant="destructive">
              <AlertTitle>Not verified</AlertTitle>
              <AlertDescription>{state.result.message || DOCUMENT_NOT_VERIFIED}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
