import { Link } from 'react-router-dom';
import Clock from 'lucide-react/icons/clock';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import {
  BRAND,
  FOOTER_QUICK_LINKS,
  FOOTER_RESOURCES,
  getContactDetails,
  mailHref,
  phoneHref,
  socialLinks,
} from '@kbe/content';
import { PORTAL_PAGE_PATH } from '@kbe/contracts/zod-free';
import { cx, focusRing, focusRingOnIndigo950, useMessages } from '@kbe/ui';
import { CHROME_MESSAGES, PAGE_LINK_KEYS, RESOURCE_KEYS } from './chrome.messages';
import { BrandLogo } from './brand-logo';
import { SocialIcon } from './social-icon';

/** The quick links, and the school and mentor portal after them (not in the header: it is for schools and mentors only). */
const QUICK_LINKS = [...FOOTER_QUICK_LINKS, { label: 'School portal', href: PORTAL_PAGE_PATH }];

const linkClass = cx('rounded-sm text-slate-200 underline-offset-4 hover:text-white hover:underline', focusRingOnIndigo950);

/** Footer of the public site: blurb, quick links, resources, contact, social links, copyright. */
export function SiteFooter() {
  const contact = getContactDetails();
  const year = String(new Date().getFullYear());
  const t = useMessages(CHROME_MESSAGES);
  return (
    <footer className="bg-indigo-950 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <section aria-labelledby="footer-about" className="flex flex-col gap-4">
          <h2 id="footer-about" className="sr-only">
            {t('footer.about', { name: BRAND.name })}
          </h2>
          <BrandLogo inverted />
          <p className="text-sm leading-relaxed">{t('brand.blurb')}</p>
          <ul className="flex gap-2" aria-label={t('footer.social')}>
            {socialLinks(contact).map((social) => (
              <li key={social.network}>
                {social.href ? (
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('footer.socialOpens', { network: social.label })}
                    className={cx('inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20', focusRing)}
                  >
                    <SocialIcon network={social.network} />
                  </a>
                ) : (
                  <span
                    role="img"
                    aria-label={t('footer.socialSoon', { network: social.label })}
                    title={t('footer.socialSoonTitle', { network: social.label })}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-dashed border-white/40 text-slate-300"
                  >
                    <SocialIcon network={social.network} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-4 text-base font-bold text-white">
            {t('footer.quickLinks')}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={linkClass}>
                  {t(PAGE_LINK_KEYS[link.href])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="mb-4 text-base font-bold text-white">
            {t('footer.resources')}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {FOOTER_RESOURCES.map((resource) => (
              <li key={resource.label}>
                {resource.href ? (
                  <Link to={resource.href} className={linkClass}>
                    {t(RESOURCE_KEYS[resource.label])}
                  </Link>
                ) : (
                  <span>
                    {t(RESOURCE_KEYS[resource.label])} <span className="text-xs text-amber-200">{t('footer.comingSoon')}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-4 text-base font-bold text-white">
            {t('footer.contactInfo')}
          </h2>
          <address className="flex flex-col gap-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
              <span>{contact.address}</span>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
              <a href={phoneHref(contact.phone)} className={linkClass}>
                {contact.phone}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
              <a href={mailHref(contact.email)} className={linkClass}>
                {contact.email}
              </a>
            </p>
            <p className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
              <span>{contact.hours}</span>
            </p>
          </address>
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-300 sm:px-6">
          {t('footer.copyright', { year, name: BRAND.name })}
        </p>
      </div>
    </footer>
  );
}
