import type { ComponentType, ReactNode } from 'react';
import Clock from 'lucide-react/icons/clock';
import ExternalLink from 'lucide-react/icons/external-link';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import Timer from 'lucide-react/icons/timer';
import { ANCHORS, LOCALIZED_CONTACT, directionsHref, getContactDetails, mailHref, phoneHref } from '@kbe/content';
import { Button, Card, CardContent, CardHeader, CardTitle, cx, focusRing } from '@kbe/ui';
import { PageHero } from '../common/page-hero';
import { usePageMeta } from '../common/page-meta.hook';
import { ContactForm, type ContactFormProps } from './contact-form';
import { usePageContent, usePublicMessages } from '../../i18n/page-language.hook';

const linkClass = cx('rounded-sm font-semibold text-indigo-800 underline underline-offset-4 hover:text-indigo-950', focusRing);

/** One line of 'Get in Touch': an icon, a bold label and the value under it. */
function ContactLine({ icon: Icon, label, children }: { icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-indigo-700" />
      <span>
        <span className="block font-semibold text-slate-900">{label}</span>
        {children}
      </span>
    </li>
  );
}

export function ContactPage({ send }: ContactFormProps) {
  usePageMeta('contact');
  const contact = getContactDetails();
  const t = usePublicMessages();
  const { responsePromises, faq, hours } = usePageContent(LOCALIZED_CONTACT);

  return (
    <>
      <PageHero
        title={t('contactPage.title')}
        subtitle={t('contactPage.subtitle')}
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-5">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t('contactPage.getInTouch')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-4 text-sm">
                <ContactLine icon={MapPin} label={t('contactPage.address')}>
                  {contact.address}
                </ContactLine>
                <ContactLine icon={Phone} label={t('contactPage.phone')}>
                  <a href={phoneHref(contact.phone)} className={linkClass}>
                    {contact.phone}
                  </a>
                </ContactLine>
                <ContactLine icon={Mail} label={t('contactPage.email')}>
                  <a href={mailHref(contact.email)} className={linkClass}>
                    {contact.email}
                  </a>
                </ContactLine>
                <ContactLine icon={Clock} label={t('contactPage.hours')}>
                  {hours(contact.hours)}
                </ContactLine>
              </ul>
            </CardContent>
          </Card>
          <Card className="border-amber-300 bg-amber-50">
            <CardHeader>
              <Timer aria-hidden="true" className="h-7 w-7 text-amber-900" />
              <CardTitle as="h2">{t('contactPage.promiseTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="flex flex-col gap-2 text-sm">
                {responsePromises.map((p) => (
                  <div key={p.topic} className="flex justify-between gap-4">
                    <dt className="text-slate-800">{p.topic}</dt>
                    <dd className="font-bold text-slate-900">{p.promise}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </div>
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle as="h2">{t('contactPage.formTitle')}</CardTitle>
            <p className="text-sm text-slate-700">{t('contactPage.allRequired')}</p>
          </CardHeader>
          <CardContent>
            <ContactForm send={send} />
          </CardContent>
        </Card>
      </div>

      <section id={ANCHORS.faq} tabIndex={-1} aria-labelledby="faq-heading" className="bg-white px-4 py-14 outline-none sm:px-6">
        <div className="mx-auto max-w-5xl">
          <h2 id="faq-heading" className="text-center text-3xl font-extrabold text-slate-900">
            {t('contactPage.faqTitle')}
          </h2>
          <ul className="mt-8 grid gap-4 md:grid-cols-2">
            {faq().map((entry) => (
              <li key={entry.question}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle>{entry.question}</CardTitle>
                  </CardHeader>
                  <CardContent className="text-sm text-slate-700">{entry.answer}</CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col items-center gap-3 text-center">
            <p className="text-slate-700">{t('contactPage.stillQuestion')}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <Button asChild size="lg">
                <a href={mailHref(contact.email)}>
                  <Mail aria-hidden="true" className="h-4 w-4" />
                  {t('contactPage.direct')}
                </a>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href={phoneHref(contact.phone)}>
                  <Phone aria-hidden="true" className="h-4 w-4" />
                  {t('contactPage.call', { phone: contact.phone })}
                </a>
              </Button>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="location-heading" className="px-4 py-14 sm:px-6">
        <Card className="mx-auto max-w-5xl overflow-hidden">
          <div aria-hidden="true" className="relative h-48 bg-[linear-gradient(135deg,#e0e7ff_25%,#c7d2fe_25%,#c7d2fe_50%,#e0e7ff_50%,#e0e7ff_75%,#c7d2fe_75%)] bg-[length:40px_40px] sm:h-64">
            <MapPin className="absolute left-1/2 top-1/2 h-12 w-12 -translate-x-1/2 -translate-y-full text-red-700" />
          </div>
          <CardHeader>
            <CardTitle as="h2" id="location-heading">
              {t('contactPage.location')}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-700">{contact.address}</p>
            <Button asChild>
              <a href={directionsHref(contact.address)} target="_blank" rel="noopener noreferrer">
                {t('contactPage.directions')}
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only">{t('contactPage.newTab')}</span>
              </a>
            </Button>
          </CardContent>
        </Card>
      </section>
    </>
  );
}

export default ContactPage;
