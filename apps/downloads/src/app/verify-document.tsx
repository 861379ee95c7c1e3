import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle, Card, CardContent, CardHeader, useLocale } from '@kbe/ui';
import type { DocumentVerification } from '@kbe/contracts/zod-free';
import { INTL_LOCALE } from '@kbe/i18n';
import { documentArgument, useDownloadsMessages } from '../i18n/downloads.catalogue';
import { useDownloadsApi } from './downloads-api';
import { serverText } from './download-outcome';

type State = { status: 'loading' } | { status: 'done'; result: DocumentVerification } | { status: 'error' };

/** The public page a document's QR code opens: is this document genuine? A certificate of a published result also shows what it certifies. */
export function VerifyDocument({ token }: { token: string }) {
  const api = useDownloadsApi();
  const locale = useLocale();
  const t = useDownloadsMessages();
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
          <h1 className="text-lg font-bold leading-tight">{t('verification.title')}</h1>
        </CardHeader>
        <CardContent data-testid="document-verification">
          {state.status === 'loading' ? <p role="status">{t('verification.checking')}</p> : null}
          {state.status === 'error' ? (
            <Alert variant="destructive">
              <AlertTitle>{t('verification.unavailable.title')}</AlertTitle>
              <AlertDescription>{t('verification.unavailable.text')}</AlertDescription>
            </Alert>
          ) : null}
          {state.status === 'done' && state.result.valid ? (
            <Alert variant="success">
              <AlertTitle>{t('verification.valid')}</AlertTitle>
              <AlertDescription>
                <dl className="mt-2 grid grid-cols-2 gap-1">
                  <dt>{t('verification.document')}</dt>
                  <dd className="font-semibold">{t('document.label', { document: documentArgument(state.result.type) })}</dd>
                  <dt>{t('verification.code')}</dt>
                  <dd className="font-semibold">{state.result.candidateCode}</dd>
                  <dt>{t('verification.name')}</dt>
                  <dd className="font-semibold">{state.result.name}</dd>
                  <dt>{t('verification.edition')}</dt>
                  <dd className="font-semibold">{new Intl.NumberFormat(INTL_LOCALE[locale], { useGrouping: false }).format(state.result.edition)}</dd>
                  {state.result.award ? (
                    <>
                      <dt>{t('certificate.kind')}</dt>
                      <dd className="font-semibold" data-testid="verified-award">
                        {t('certificate.kindName', { kind: state.result.award.kind })}
                      </dd>
                      <dt>{t('result.level')}</dt>
                      <dd className="font-semibold">{state.result.award.level}</dd>
                      {state.result.award.rank !== null ? (
                        <>
                          <dt>{t('result.rank')}</dt>
                          <dd className="font-semibold">{new Intl.NumberFormat(INTL_LOCALE[locale]).format(state.result.award.rank)}</dd>
                        </>
                      ) : null}
                      <dt>{t('verification.year')}</dt>
                      <dd className="font-semibold">{new Intl.NumberFormat(INTL_LOCALE[locale], { useGrouping: false }).format(state.result.award.year)}</dd>
                    </>
                  ) : null}
                </dl>
              </AlertDescription>
            </Alert>
          ) : null}
          {state.status === 'done' && !state.result.valid ? (
            <Alert variant="destructive">
              <AlertTitle>{t('verification.invalid')}</AlertTitle>
              <AlertDescription>{state.result.message ? serverText(state.result.message, { locale, t }) : t('download.notVerified')}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
