import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link } from 'react-router-dom';
import X from 'lucide-react/icons/x';
import { DRAWER_LINES, ROUTES, getEditionSettings } from '@kbe/content';
import { Button } from '@kbe/ui';
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
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden="true" className="h-6 w-6" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          <nav aria-label="Mobile">
            <NavLinks
              listClassName="flex flex-col gap-1"
              linkClassName="flex min-h-11 items-center rounded-md px-3 text-base font-semibold"
              inactiveClassName="text-slate-900 hover:bg-slate-100"
              onNavigate={close}
            />
          </nav>
          <Button asChild variant="accent" size="lg">
            <Link to={ROUTES.registration} onClick={close}>
              Register for the {year} edition
            </Link>
          </Button>
          <ul className="mt-auto flex flex-col gap-2 rounded-lg bg-indigo-950 p-4 text-sm font-semibold text-white">
            {DRAWER_LINES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
