import { Link } from 'react-router-dom';
import { ROUTES } from '@kbe/content';
import { Button, cx, focusRing, useMessages } from '@kbe/ui';
import { CHROME_MESSAGES } from './chrome.messages';
import { LanguageSwitcher } from './language-switcher';
import { BrandLogo } from './brand-logo';
import { MobileDrawer } from './mobile-drawer';
import { NavLinks } from './nav-links';

/** Top navigation bar of the public site. */
export function SiteHeader() {
  const t = useMessages(CHROME_MESSAGES);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <a
        href="#main-content"
        className={cx(
          'sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-indigo-800',
          focusRing,
        )}
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label={t('nav.main')} className="hidden lg:block">
          <NavLinks
            listClassName="flex items-center gap-1"
            linkClassName="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold transition-colors"
            inactiveClassName="text-slate-800 hover:bg-slate-100 hover:text-indigo-800"
          />
        </nav>
        <div className="flex items-center gap-2">
          <span className="hidden items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-xs font-bold text-green-800 sm:inline-flex">
            <span className="relative flex h-2.5 w-2.5" aria-hidden="true">
              <span className="absolute inline-flex h-full w-full rounded-full bg-green-600 opacity-75 motion-safe:animate-ping" />
              <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-green-700" />
            </span>
            {t('registrationOpen')}
          </span>
          {/* Shown from sm up by its wrapper, not by a className overriding the button's own display:
              the button's classes are then one list, which needs no tailwind-merge on the first render. */}
          <div className="hidden sm:flex">
            <Button asChild variant="accent">
              <Link to={ROUTES.registration}>{t('registerNow')}</Link>
            </Button>
          </div>
          <LanguageSwitcher className="hidden md:flex" />
          <MobileDrawer />
        </div>
      </div>
    </header>
  );
}
