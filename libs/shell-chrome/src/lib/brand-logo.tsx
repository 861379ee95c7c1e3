import { Link } from 'react-router-dom';
import { BRAND, ROUTES } from '@kbe/content';
import { cx, focusRing, useMessages } from '@kbe/ui';
import { CHROME_MESSAGES } from './chrome.messages';

/**
 * Atom mark + name; links home. The accessible name starts with the visible words
 * ('KBE Einstein Quest', WCAG 2.5.3 Label in Name) and then says where the link goes.
 */
export function BrandLogo({ onNavigate, inverted = false }: { onNavigate?: () => void; inverted?: boolean }) {
  const t = useMessages(CHROME_MESSAGES);
  return (
    <Link
      to={ROUTES.home}
      onClick={onNavigate}
      className={cx('flex items-center gap-2 rounded-md', focusRing)}
      aria-label={t('brand.home', BRAND)}
    >
      <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" className="shrink-0">
        <circle cx="20" cy="20" r="19" fill="#312e81" />
        <g fill="none" stroke="#fcd34d" strokeWidth="1.8">
          <ellipse cx="20" cy="20" rx="14" ry="5.5" />
          <ellipse cx="20" cy="20" rx="14" ry="5.5" transform="rotate(60 20 20)" />
          <ellipse cx="20" cy="20" rx="14" ry="5.5" transform="rotate(120 20 20)" />
        </g>
        <circle cx="20" cy="20" r="3" fill="#fff" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className={cx('text-lg font-extrabold tracking-tight', inverted ? 'text-white' : 'text-indigo-900')}>
          {BRAND.shortName}
          {/* Keeps the words apart in the link's text ('KBE Einstein Quest'), not only on screen. */}{' '}
        </span>
        <span className={cx('text-xs font-semibold', inverted ? 'text-amber-200' : 'text-slate-700')}>
          {BRAND.tagline}
        </span>
      </span>
    </Link>
  );
}
