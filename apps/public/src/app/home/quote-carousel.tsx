import QuoteIcon from 'lucide-react/icons/quote';
import { QUOTE_ROTATION_MS, QUOTES, type Quote } from '@kbe/content';
import { cn, focusRing } from '@kbe/ui';
import { usePrefersReducedMotion } from '../shared/reduced-motion.hook';
import { useSlideshow } from '../shared/slideshow.hook';

/** Rotating quotes: every 8 s; a dot selects a quote; paused while hovered. */
export function QuoteCarousel({ quotes = QUOTES }: { quotes?: Quote[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const { index, goTo, hoverProps } = useSlideshow({
    count: quotes.length,
    intervalMs: QUOTE_ROTATION_MS,
    autoplay: !reducedMotion,
  });
  const current = quotes[index];

  return (
    <section aria-labelledby="quotes-heading" className="bg-indigo-950 px-4 py-16 text-white sm:px-6" {...hoverProps}>
      <h2 id="quotes-heading" className="sr-only">
        Words that inspire
      </h2>
      <figure className="mx-auto flex max-w-3xl flex-col items-center gap-4 text-center" data-testid="quote-carousel">
        <QuoteIcon aria-hidden="true" className="h-10 w-10 text-amber-300" />
        <blockquote className="min-h-[6rem] text-xl font-semibold leading-relaxed sm:text-2xl">
          <p>{current.quote}</p>
        </blockquote>
        <figcaption className="text-amber-200">- {current.author}</figcaption>
      </figure>
      <div className="mt-6 flex justify-center gap-1" role="group" aria-label="Choose a quote">
        {quotes.map((quote, i) => (
          <button
            key={quote.quote}
            type="button"
            onClick={() => goTo(i)}
            aria-label={`Show quote ${i + 1} of ${quotes.length}`}
            aria-current={i === index ? 'true' : undefined}
            className={cn('flex h-11 w-8 items-center justify-center rounded-full', focusRing, 'focus-visible:ring-offset-indigo-950')}
          >
            <span aria-hidden="true" className={cn('block h-2.5 rounded-full transition-all', i === index ? 'w-6 bg-amber-300' : 'w-2.5 bg-white/60')} />
          </button>
        ))}
      </div>
    </section>
  );
}

export default QuoteCarousel;
