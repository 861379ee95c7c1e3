import type { ReactNode } from 'react';

/** Dark banner at the top of an inner page with the page's h1. */
export function PageHero({ title, subtitle, children }: { title: string; subtitle: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-indigo-950 via-slate-900 to-indigo-900 px-4 py-16 text-white sm:px-6 sm:py-20">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(252,211,77,0.18),transparent_40%),radial-gradient(circle_at_80%_60%,rgba(129,140,248,0.25),transparent_45%)]" />
      <div className="relative mx-auto max-w-5xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-slate-200 sm:text-lg">{subtitle}</p>
        {children}
      </div>
    </section>
  );
}
