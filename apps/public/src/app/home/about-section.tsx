import Eye from 'lucide-react/icons/eye';
import Target from 'lucide-react/icons/target';
import { ABOUT_INTRO, ABOUT_QUOTE, GLOBAL_IMPACT_STATS, MISSION, VISION } from '@kbe/content';
import { Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';
import { ContentIcon } from '../common/content-icon';
import { SectionHeading } from '../common/section-heading';

export function AboutSection() {
  return (
    <section aria-labelledby="about-heading" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="about-heading" eyebrow="About the competition" title="Where young scientists begin" intro={ABOUT_INTRO} />
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <Eye aria-hidden="true" className="h-8 w-8 text-indigo-700" />
              <CardTitle>{VISION.title}</CardTitle>
            </CardHeader>
            <CardContent className="text-slate-700">{VISION.text}</CardContent>
          </Card>
          <Card>
            <CardHeader>
              <Target aria-hidden="true" className="h-8 w-8 text-indigo-700" />
              <CardTitle>{MISSION.title}</CardTitle>
            </CardHeader>
            <CardContent className="text-slate-700">{MISSION.text}</CardContent>
          </Card>
        </div>
        <div className="mt-10 rounded-2xl bg-gradient-to-br from-indigo-900 to-slate-900 p-6 text-white sm:p-10">
          <h3 className="text-center text-2xl font-bold">Our Global Impact</h3>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            {GLOBAL_IMPACT_STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col items-center rounded-xl bg-white/10 p-5 text-center">
                {stat.icon ? <ContentIcon name={stat.icon} className="h-7 w-7 text-amber-300" /> : null}
                <dt className="order-2 font-semibold">{stat.label}</dt>
                <dd className="order-1 mt-2 text-3xl font-extrabold text-amber-300">{stat.value}</dd>
                <dd className="order-3 text-sm text-slate-200">{stat.caption}</dd>
              </div>
            ))}
          </dl>
          <figure className="mx-auto mt-8 max-w-2xl text-center">
            <blockquote className="text-lg italic">"{ABOUT_QUOTE.quote}"</blockquote>
            <figcaption className="mt-2 text-amber-200">- {ABOUT_QUOTE.author}</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
