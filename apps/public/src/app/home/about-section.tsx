import Eye from 'lucide-react/icons/eye';
import Target from 'lucide-react/icons/target';
import { LOCALIZED_ABOUT } from '@kbe/content';
import { Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';
import { ContentIcon } from '../common/content-icon';
import { SectionHeading } from '../common/section-heading';
import { usePageContent, usePublicMessages } from '../../i18n/page-language.hook';

export function AboutSection() {
  const t = usePublicMessages();
  const { intro, vision, mission, quote, globalImpact } = usePageContent(LOCALIZED_ABOUT);
  return (
    <section aria-labelledby="about-heading" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="about-heading" eyebrow={t('home.about.eyebrow')} title={t('home.about.title')} intro={intro} />
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <Eye aria-hidden="true" className="h-8 w-8 text-indigo-700" />
              <CardTitle>{vision.title}</CardTitle>
            </CardHeader>
            <CardContent className="text-slate-700">{vision.text}</CardContent>
          </Card>
          <Card>
            <CardHeader>
              <Target aria-hidden="true" className="h-8 w-8 text-indigo-700" />
              <CardTitle>{mission.title}</CardTitle>
            </CardHeader>
            <CardContent className="text-slate-700">{mission.text}</CardContent>
          </Card>
        </div>
        <div className="mt-10 rounded-2xl bg-gradient-to-br from-indigo-900 to-slate-900 p-6 text-white sm:p-10">
          <h3 className="text-center text-2xl font-bold">{t('home.about.impact')}</h3>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            {globalImpact.map((stat) => (
              <div key={stat.label} className="flex flex-col items-center rounded-xl bg-white/10 p-5 text-center">
                {stat.icon ? <ContentIcon name={stat.icon} className="h-7 w-7 text-amber-300" /> : null}
                <dt className="order-2 font-semibold">{stat.label}</dt>
                <dd className="order-1 mt-2 text-3xl font-extrabold text-amber-300">{stat.value}</dd>
                <dd className="order-3 text-sm text-slate-200">{stat.caption}</dd>
              </div>
            ))}
          </dl>
          <figure className="mx-auto mt-8 max-w-2xl text-center">
            <blockquote className="text-lg italic">"{quote.quote}"</blockquote>
            <figcaption className="mt-2 text-amber-200">- {quote.author}</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
