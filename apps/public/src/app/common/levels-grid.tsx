import { LOCALIZED_LEVELS, type CompetitionLevel } from '@kbe/content';
import { Badge, Card, CardContent, CardHeader, CardTitle, cx } from '@kbe/ui';
import { ContentIcon } from './content-icon';
import { usePageContent, usePublicMessages } from '../../i18n/page-language.hook';

const ACCENT: Record<CompetitionLevel['colour'], string> = {
  amber: 'bg-amber-100 text-amber-900',
  indigo: 'bg-indigo-100 text-indigo-900',
  rose: 'bg-rose-100 text-rose-900',
};

/** The three tiers with their prizes and qualification rules. */
export function LevelsGrid() {
  const t = usePublicMessages();
  const { levels } = usePageContent(LOCALIZED_LEVELS);
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {levels.map((level, index) => (
        <li key={level.id}>
          <Card className="flex h-full flex-col">
            <CardHeader>
              <div className="flex items-center gap-3">
                <span className={cx('inline-flex h-12 w-12 items-center justify-center rounded-full', ACCENT[level.colour])}>
                  <ContentIcon name={level.icon} />
                </span>
                <div>
                  <Badge variant="secondary">{t('levels.badge', { number: index + 1 })}</Badge>
                  <CardTitle className="mt-1">
                    {level.level}
                  </CardTitle>
                </div>
              </div>
              <p className="text-sm font-semibold text-indigo-800">{level.stage}</p>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-3 text-sm text-slate-700">
              <p>{level.description}</p>
              <ul className="flex list-disc flex-col gap-1 pl-5">
                {level.prizes.map((prize) => (
                  <li key={prize}>{prize}</li>
                ))}
              </ul>
              {level.details?.participants ? <p className="font-semibold">{t('levels.group', { participants: level.details.participants })}</p> : null}
              {level.details?.itinerary ? (
                <ul className="flex list-disc flex-col gap-1 pl-5">
                  {level.details.itinerary.map((stop) => (
                    <li key={stop}>{stop}</li>
                  ))}
                </ul>
              ) : null}
              {level.details?.note ? <p className="italic">{level.details.note}</p> : null}
              <p className="mt-auto rounded-md bg-slate-100 p-3 font-medium text-slate-900">{level.qualification}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ol>
  );
}
