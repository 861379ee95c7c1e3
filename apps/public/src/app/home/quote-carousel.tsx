import QuoteIcon from 'lucide-react/icons/quote';
import { LOCALIZED_QUOTES, QUOTE_ROTATION_MS, type Quote } from '@kbe/content';
import { cx, focusRingOnIndigo950 } from '@kbe/ui';
import { usePrefersReducedMotion } from '../common/reduced-motion.hook';
import { useSlideshow } from '../common/slideshow.hook';
import { usePageContent, usePublicMessages } from '../../i18n/page-language.hook';

/** Rotating quotes: every 8 s; a dot selects a quote; paused while hovered. Its height is the longest quote's. */
export function QuoteCarousel({ quotes: given }: { quotes?: Quote[] }) {
  const t = usePublicMessages();
  const localized = usePageContent(LOCALIZED_QUOTES);
  const quotes = given ?? localized;
  const reducedMotion = usePrefersReducedMotion();
  const { index, goTo, hoverProps } = useSlideshow({
    count: quotes.length,
    intervalMs: QUOTE_ROTATION_MS,
    autoplay: !reducedMotion,
  });
  return (
    <section aria-labelledby="quotes-heading" className="bg-indigo-950 px-4 py-16 text-white sm:px-6" {...hoverProps}>
      <h2 id="quotes-heading" className="sr-only">
        {t('quotes.heading')}
      </h2>
      {/* Every quote in the same grid cell, only the current one visible: the section is as tall as
          the longest quote, so a rotation never moves what is below it. */}
      <div className="mx-auto grid max-w-3xl" data-testid="quote-carousel">
        {quotes.map((quote, i) => (
          <figure
            key={quote.quote}
            aria-hidden={i === index ? undefined : true}
            data-current={i === index ? 'true' : undefined}
            className={cx('col-start-1 row-start-1 flex flex-col items-center gap-4 text-center', i !== index && 'invisible')}
          >
            <QuoteIcon aria-hidden="true" className="h-10 w-10 text-amber-300" />
            <blockquote className="text-xl font-semibold leading-relaxed sm:text-2xl">
              <p>{quote.quote}</p>
            </blockquote>
            <figcaption className="text-amber-200">- {quote.author}</figcaption>
          </figure>
        ))}
      </div>
      <div className="mt-6 flex justify-center gap-1" role="group" aria-label={t('quotes.choose')}>
        {quotes.map((quote, i) => (
          <button
            key={quote.quote}
            type="button"
            onClick={() => goTo(i)}
            aria-label={t('quotes.show', { number: i + 1, count: quotes.length })}
            aria-current={i === index ? 'true' : undefined}
            className={cx('flex h-11 w-8 items-center justify-center rounded-full', focusRingOnIndigo950)}
          >
            <span aria-hidden="true" className={cx('block h-2.5 rounded-full transition-all', i === index ? 'w-6 bg-amber-300' : 'w-2.5 bg-white/60')} />
          </button>
        ))}
      </div>
    </section>
  );
}

export default QuoteCarousel;
