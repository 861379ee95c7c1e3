import { LOCALIZED_LEVELS } from '@kbe/content';
import { Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';
import { ContentIcon } from './content-icon';
import { usePageContent, usePublicMessages } from '../../i18n/page-language.hook';

/** The extra awards (Excellence, Space Explorer, International Recognition). */
export function AwardsGrid() {
  const t = usePublicMessages();
  const { awards } = usePageContent(LOCALIZED_LEVELS);
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {awards.map((award) => (
        <li key={award.title}>
          <Card className="h-full">
            <CardHeader>
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-900">
                <ContentIcon name={award.icon} />
              </span>
              <CardTitle>{award.title}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-2 text-sm text-slate-700">
              <p>{award.description}</p>
              <p>
                <span className="font-semibold text-slate-900">{t('awards.prize')}</span> {award.prize}
              </p>
              <p>
                <span className="font-semibold text-slate-900">{t('awards.criteria')}</span> {award.criteria}
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
