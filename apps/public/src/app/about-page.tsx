import { LOCALIZED_ABOUT } from '@kbe/content';
import { Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';
import { ContentIcon } from './common/content-icon';
import { deferredSection } from './common/deferred-section';
import { PageHero } from './common/page-hero';
import { usePageMeta } from './common/page-meta.hook';
import { SectionHeading } from './common/section-heading';
import { usePageContent, usePublicMessages } from '../i18n/page-language.hook';

// Below the fold on a phone: loaded and hydrated when scrolled near (issue 11: main-thread work).
const TiersAndAwards = deferredSection('about-tiers-awards', () => import(/* webpackChunkName: "about-tiers-awards" */ './about-tiers-awards'));

export function AboutPage() {
  usePageMeta('about');
  const t = usePublicMessages();
  const { intro, stats, vision, mission } = usePageContent(LOCALIZED_ABOUT);
  return (
    <>
      <PageHero title={t('about.title')} subtitle={intro} />
      <section aria-labelledby="about-stats-heading" className="px-4 py-14 sm:px-6">
        <h2 id="about-stats-heading" className="sr-only">
          {t('about.statsHeading')}
        </h2>
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-4 md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col items-center rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
              {stat.icon ? <ContentIcon name={stat.icon} className="h-7 w-7 text-indigo-700" /> : null}
              <dt className="order-2 text-sm font-semibold text-slate-700">{stat.label}</dt>
              <dd className="order-1 mt-2 text-3xl font-extrabold text-indigo-900">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="vision-heading" className="bg-white px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="vision-heading" title={t('about.visionHeading')} />
          <div className="grid gap-6 md:grid-cols-2">
            {[vision, mission].map((block) => (
              <Card key={block.title}>
                <CardHeader>
                  <CardTitle>{block.title}</CardTitle>
                </CardHeader>
                <CardContent className="text-slate-700">{block.text}</CardContent>
              </Card>
            ))}
          </div>
        </div>
      </section>
      <TiersAndAwards />
    </>
  );
}

export default AboutPage;
