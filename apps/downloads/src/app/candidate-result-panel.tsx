import { useId } from 'react';
import { useLocale } from '@kbe/ui';
import type { CandidateResult } from '@kbe/contracts';
import { INTL_LOCALE } from '@kbe/i18n';
import { useDownloadsMessages } from '../i18n/downloads.catalogue';

/** A candidate's published result: level, score out of the maximum, rank and category, medal, qualified and the next step. */
export function CandidateResultPanel({ result }: { result: CandidateResult }) {
  const t = useDownloadsMessages();
  const locale = useLocale();
  const id = useId();
  const number = (value: number) => new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(value);
  const score = result.absent || result.score === null ? t('result.absent') : t('result.scoreValue', { score: result.score, max: result.maxMarks });
  const next = result.qualified && result.nextLevel ? t('result.nextLevel', { level: result.nextLevel }) : result.qualified ? t('result.lastLevel') : t('result.nextNone');
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-indigo-200 bg-white p-4" data-testid="candidate-result">
      <h3 id={`${id}-title`} className="mb-3 text-lg font-bold text-slate-900">
        {t('result.title')}
      </h3>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        <ResultRow term={t('result.level')} value={result.level} />
        <ResultRow term={t('result.score')} value={score} />
        <ResultRow term={t('result.rank')} value={result.rank === null ? '—' : number(result.rank)} />
        <ResultRow term={t('result.category')} value={result.category} />
        <ResultRow term={t('result.medal')} value={t('result.medalName', { medal: result.medal ?? 'none' })} />
        <ResultRow term={t('result.qualified')} value={result.qualified ? t('result.yes') : t('result.no')} />
        <ResultRow term={t('result.next')} value={next} />
      </dl>
    </section>
  );
}

function ResultRow({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
