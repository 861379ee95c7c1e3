import { LOCALIZED_ELIGIBILITY } from '@kbe/content';
import { Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';
import { ContentIcon } from '../common/content-icon';
import { SectionHeading } from '../common/section-heading';
import { usePageContent, usePublicMessages } from '../../i18n/page-language.hook';

export function EligibilitySection() {
  const t = usePublicMessages();
  const { cards } = usePageContent(LOCALIZED_ELIGIBILITY);
  return (
    <section aria-labelledby="eligibility-heading" className="bg-white px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="eligibility-heading"
          eyebrow={t('home.eligibility.eyebrow')}
          title={t('home.eligibility.title')}
          intro={t('home.eligibility.intro')}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {cards().map((card) => (
            <li key={card.id}>
              <Card className="h-full">
                <CardHeader>
                  <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-800">
                    <ContentIcon name={card.icon} />
                  </span>
                  <CardTitle>{card.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="flex flex-col gap-3 text-sm">
                    {card.items.map((item) => (
                      <div key={item.label}>
                        <dt className="font-semibold text-slate-900">{item.label}</dt>
                        <dd className="text-slate-700">{item.detail}</dd>
                      </div>
                    ))}
                  </dl>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default EligibilitySection;
