import { useLocation } from 'react-router-dom';
import { LOCALES, LOCALE_NAMES, localizedPath, rememberLocale } from '@kbe/i18n';
import { cx, focusRing, useLocale, useMessages } from '@kbe/ui';
import { CHROME_MESSAGES } from './chrome.messages';

export interface LanguageSwitcherProps {
  className?: string;
  /** Called when a language is chosen (the drawer closes itself). */
  onSwitch?: () => void;
}

/**
 * The same page in English, Marathi or Hindi. Each language is a plain link to that language's
 * address (a new page load: the other language's prerendered page and messages), and the choice
 * is remembered on this device, so the language offer does not ask again.
 */
export function LanguageSwitcher({ className, onSwitch }: LanguageSwitcherProps) {
  const t = useMessages(CHROME_MESSAGES);
  const current = useLocale();
  const { pathname, search, hash } = useLocation();
  return (
    <nav aria-label={t('language.label')} className={cx('items-center gap-1', className ?? 'flex')}>
      <ul className="flex items-center gap-1">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={`${localizedPath(locale, pathname)}${search}${hash}`}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => {
                rememberLocale(locale);
                onSwitch?.();
              }}
              className={cx(
                'inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold',
                locale === current ? 'bg-indigo-50 text-indigo-800' : 'text-slate-800 hover:bg-slate-100 hover:text-indigo-800',
                focusRing,
              )}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
