import { lazy, Suspense, useRef, useState } from 'react';
import Menu from 'lucide-react/icons/menu';
import { Button, useMessages } from '@kbe/ui';
import { CHROME_MESSAGES } from './chrome.messages';

// The panel (Radix Dialog, focus trap, scroll lock) is loaded on the first open: most visits
// never open the menu, and it is ~12 KB of the first page's JavaScript otherwise.
const MobileDrawerDialog = lazy(() => import('./mobile-drawer.dialog'));

/** Side drawer of small screens: the menu button, and the drawer once it has been opened. */
export function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const t = useMessages(CHROME_MESSAGES);

  return (
    <>
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label={t('menu.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <MobileDrawerDialog
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              menuButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
