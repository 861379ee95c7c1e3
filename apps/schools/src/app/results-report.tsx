import { useEffect, useId, useState } from 'react';
import { HttpError, saveBlob } from '@kbe/api-client';
import { REPORT_LEVELS, schoolResultsFileName } from '@kbe/contracts/zod-free';
import { Alert, AlertDescription, Button } from '@kbe/ui';

import { usePortalScreensMessages } from '../i18n/portal-screens.catalogue';
import { useSchoolsMessages } from '../i18n/schools.catalogue';
import { usePortalApi } from './portal-api';
import { failureText } from './portal-errors';
import { resultsReportCsv, resultsReportPdf } from './portal-work-api';

type Level = (typeof REPORT_LEVELS)[number];

/** The level's report as the server answered it: loading, none published yet (404), the CSV, or a failure. */
type ReportState = { level: Level; status: 'loading' } | { level: Level; status: 'none' } | { level: Level; status: 'ready'; csv: string; pupils: number } | { level: Level; status: 'failed'; error: string };

/** Lines of the CSV after its header (a BOM and a last line break aside). */
const pupilsIn = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).length - 1;

/**
 * The school report of results (issues 27 and 29): pick a level; once its results are published,
 * download the pupils' scores, ranks, medals and qualification as CSV or as a PDF. Until then a
 * sentence says none are published. The CSV is asked for when the level is picked (it tells
 * whether there is anything to show, and is small); the PDF when its button is pressed.
 */
export function ResultsReport() {
  const api = usePortalApi();
  const t = usePortalScreensMessages();
  const tSchools = useSchoolsMessages();
  const ids = useId();
  const [level, setLevel] = useState<Level>(REPORT_LEVELS[0]);
  const [report, setReport] = useState<ReportState>({ level, status: 'loading' });
  const [downloading, setDownloading] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const owner = api.session.read()?.code ?? 'results';

  useEffect(() => {
    let current = true;
    setReport({ level, status: 'loading' });
    setPdfError(null);
    resultsReportCsv(api.client, level).then(
      (csv) => current && setReport({ level, status: 'ready', csv, pupils: pupilsIn(csv) }),
      (failure: unknown) => {
        if (!current) return;
        if (failure instanceof HttpError && failure.status === 404) setReport({ level, status: 'none' });
        else setReport({ level, status: 'failed', error: failureText(failure, tSchools) });
      },
    );
    return () => {
      current = false;
    };
  }, [api, level, tSchools]);

  const saveCsv = () => {
    if (report.status !== 'ready') return;
    const text = report.csv.startsWith('\uFEFF') ? report.csv : `\uFEFF${report.csv}`;
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), schoolResultsFileName(owner, level, 'csv'));
  };

  const savePdf = async () => {
    setDownloading(true);
    setPdfError(null);
    try {
      saveBlob(await resultsReportPdf(api.client, level), schoolResultsFileName(owner, level, 'pdf'));
    } catch (failure) {
      setPdfError(failureText(failure, tSchools));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4" data-testid="results-report">
      <h2 id={`${ids}-title`} className="text-xl font-bold text-slate-900">
        {t('results.title')}
      </h2>
      <p className="text-slate-800">{t('results.text')}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-level`} className="text-sm font-semibold text-slate-900">
          {t('results.level')}
        </label>
        <select
          id={`${ids}-level`}
          value={level}
          onChange={(event) => setLevel(event.target.value as Level)}
          className="w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-700"
        >
          {REPORT_LEVELS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>

      {report.status === 'loading' ? (
        <p aria-live="polite" className="text-slate-700">
          {t('results.loading', { level })}
        </p>
      ) : null}

      {report.status === 'none' ? (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800" data-testid="results-empty">
          {t('results.none', { level })}
        </p>
      ) : null}

      {report.status === 'failed' ? (
        <Alert variant="destructive" data-testid="results-error">
          <AlertDescription>{report.error}</AlertDescription>
        </Alert>
      ) : null}

      {report.status === 'ready' ? (
        <div className="flex flex-col gap-3">
          <p className="text-slate-800" data-testid="results-count">
            {t('results.count', { count: report.pupils, level })}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button type="button" variant="outline" onClick={saveCsv}>
              {t('results.downloadCsv')}
            </Button>
            <Button type="button" disabled={downloading} aria-busy={downloading} onClick={() => void savePdf()}>
              {t('results.downloadPdf')}
            </Button>
          </div>
        </div>
      ) : null}

      {pdfError ? (
        <Alert variant="destructive" data-testid="results-pdf-error">
          <AlertDescription>{pdfError}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}

export default ResultsReport;
