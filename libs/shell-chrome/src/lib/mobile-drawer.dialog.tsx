import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link } from 'react-router-dom';
import X from 'lucide-react/icons/x';
import { MARKETING_STATS, ROUTES, getEditionSettings, localFigure } from '@kbe/content';
import { Button, useLocale, useMessages } from '@kbe/ui';
import { CHROME_MESSAGES } from './chrome.messages';
import { LanguageSwitcher } from './language-switcher';
import { BrandLogo } from './brand-logo';
import { NavLinks } from './nav-links';

export interface MobileDrawerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the drawer closes (the menu button). */
  onCloseAutoFocus: (event: Event) => void;
}

/** The drawer itself: same links, a registration button and three lines; closes on link click. */
export default function MobileDrawerDialog({ open, onOpenChange, onCloseAutoFocus }: MobileDrawerDialogProps) {
  const { year } = getEditionSettings();
  const close = () => onOpenChange(false);
  const t = useMessages(CHROME_MESSAGES);
  const locale = useLocale();
  // the figures in the page's digits and words ('10L+' -> '१० लाख+')
  const figure = (name: 'participants' | 'countries' | 'prizePool') => localFigure(locale, MARKETING_STATS[name]);
  const lines = [
    t('drawer.participants', { participants: figure('participants') }),
    t('drawer.countries', { countries: figure('countries') }),
    t('drawer.prizes', { prizePool: figure('prizePool') }),
  ];

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/70 lg:hidden" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-xs flex-col gap-6 overflow-y-auto bg-white p-5 shadow-2xl lg:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className="flex items-center justify-between">
            <BrandLogo onNavigate={close} />
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('menu.close')}>
                <X aria-hidden="true" className="h-6 w-6" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Title className="sr-only">{t('menu.title')}</DialogPrimitive.Title>
          <nav aria-label={t('nav.mobile')}>
            <NavLinks
              listClassName="flex flex-col gap-1"
              linkClassName="flex min-h-11 items-center rounded-md px-3 text-base font-semibold"
              inactiveClassName="text-slate-900 hover:bg-slate-100"
              onNavigate={close}
            />
          </nav>
          <Button asChild variant="accent" size="lg">
            <Link to={ROUTES.registration} onClick={close}>
              {t('drawer.register', { year: String(year) })}
            </Link>
          </Button>
          <LanguageSwitcher onSwitch={close} />
          <ul className="mt-auto flex flex-col gap-2 rounded-lg bg-indigo-950 p-4 text-sm font-semibold text-white">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
