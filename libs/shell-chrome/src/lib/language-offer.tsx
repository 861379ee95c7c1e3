import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { localizedPath, preferredLocale, rememberedLocale, rememberLocale, type Locale } from '@kbe/i18n';
import { Button, useLocale } from '@kbe/ui';

/**
 * The offer in the language offered (the visitor may not read the page's): a few words per
 * language, kept here rather than in the catalogues so that an English page offering Marathi
 * does not download the Marathi catalogue.
 */
const OFFER: Record<Locale, { question: string; accept: string; decline: string }> = {
  en: { question: 'This page is also available in English.', accept: 'Read in English', decline: 'No, thanks' },
  mr: { question: 'हे पान मराठीतही उपलब्ध आहे.', accept: 'मराठीत वाचा', decline: 'नको, धन्यवाद' },
  hi: { question: 'यह पृष्ठ हिन्दी में भी उपलब्ध है।', accept: 'हिन्दी में पढ़ें', decline: 'नहीं, धन्यवाद' },
};

/** The language to offer: the one chosen on this device, else the first the browser asks for; none when it is the page's. */
export function offeredLocale(current: Locale, remembered: Locale | undefined, browserLanguages: readonly string[]): Locale | undefined {
  const wanted = remembered ?? preferredLocale(browserLanguages);
  return wanted === current ? undefined : wanted;
}

/**
 * A visitor whose browser asks for Marathi or Hindi (Accept-Language, `navigator.languages`) is
 * offered the page in that language, never redirected: a bar fixed at the bottom of the screen
 * (nothing on the page moves), shown after the page has loaded in the browser. Either answer is
 * remembered, so it is asked once.
 */
export function LanguageOffer() {
  const current = useLocale();
  const { pathname, search, hash } = useLocation();
  const [offer, setOffer] = useState<Locale>();

  useEffect(() => {
    setOffer(offeredLocale(current, rememberedLocale(), navigator.languages ?? [navigator.language]));
  }, [current]);

  if (!offer) return null;
  const text = OFFER[offer];
  return (
    <aside
      lang={offer}
      aria-label={text.question}
      data-testid="language-offer"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-indigo-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold text-slate-900">{text.question}</p>
        <div className="flex gap-2">
          <Button asChild variant="accent">
            <a href={`${localizedPath(offer, pathname)}${search}${hash}`} hrefLang={offer} onClick={() => rememberLocale(offer)}>
              {text.accept}
            </a>
          </Button>
          <Button
            variant="ghost"
           
            onClick={() => {
              rememberLocale(current);
              setOffer(undefined);
            }}
          >
            {text.decline}
          </Button>
        </div>
      </div>
    </aside>
  );
}
