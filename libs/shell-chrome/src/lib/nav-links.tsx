import { Link, useLocation } from 'react-router-dom';
import { NAV_LINKS } from '@kbe/content';
import { cx, focusRing, useMessages } from '@kbe/ui';
import { CHROME_MESSAGES, PAGE_LINK_KEYS } from './chrome.messages';
import { isNavLinkActive } from './nav-active.util';

export interface NavLinksProps {
  /** Classes of the list (row in the header, column in the drawer). */
  listClassName: string;
  /** Classes of every link; the active/inactive colours are added here. */
  linkClassName: string;
  inactiveClassName: string;
  /** Called when a link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The site's main links, highlighted on the current path, for the header and the drawer alike. */
export function NavLinks({ listClassName, linkClassName, inactiveClassName, onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  const t = useMessages(CHROME_MESSAGES);
  return (
    <ul className={listClassName}>
      {NAV_LINKS.map((link) => {
        const active = isNavLinkActive(pathname, link);
        return (
          <li key={link.href}>
            <Link
              to={link.href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cx(linkClassName, active ? 'bg-indigo-50 text-indigo-800' : inactiveClassName, focusRing)}
            >
              {t(PAGE_LINK_KEYS[link.href])}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
