import type { ReactNode } from 'react';
import { LanguageOffer, SiteFooter, SiteHeader } from '@kbe/shell-chrome';
import { DeferredToaster } from '@kbe/ui';

/**
 * Chrome shared by every public route: header (with the mobile drawer), main landmark,
 * footer, the offer of the visitor's language, and the one toast viewport that the shell and the remotes share (loaded with the first
 * toast: most visits raise none).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
        <SiteHeader />
        <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter />
      </div>
      <LanguageOffer />
      <DeferredToaster />
    </>
  );
}
